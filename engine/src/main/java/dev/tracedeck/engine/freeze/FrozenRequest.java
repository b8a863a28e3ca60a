package dev.tracedeck.engine.freeze;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The request a model received at one step, as its provider's own request: where it goes, its headers (the key named
 * by its environment variable, never written), its body, and what the trace did not record of it.
 *
 * @param provider the API it is written for
 * @param url      the endpoint
 * @param headers  the headers, in order
 * @param body     the body's JSON text
 * @param recorded true when the body is the one the trace recorded, not rebuilt from its records
 * @param exact    true when {@code body} is the recorded bytes themselves
 * @param notes    the fidelity report: what the trace did not record, and how each gap was filled
 * @param thread   the thread's id
 * @param step     the step it is the request of
 * @param model    the model it asks for, "" when the trace named none
 */
public record FrozenRequest(Provider provider, String url, List<Header> headers, String body, boolean recorded,
                            boolean exact, List<String> notes, String thread, CallStep step, String model) {

    public FrozenRequest {
        Objects.requireNonNull(provider);
        Objects.requireNonNull(url);
        headers = List.copyOf(headers);
        Objects.requireNonNull(body);
        notes = List.copyOf(notes);
        Objects.requireNonNull(thread);
        Objects.requireNonNull(step);
        Objects.requireNonNull(model);
    }

    /**
     * A header: a fixed value, or a prefix and the environment variable whose value follows it.
     *
     * @param variable the environment variable to read, "" for a fixed value
     */
    public record Header(String name, String value, String variable) {

        public Header {
            Objects.requireNonNull(name);
            Objects.requireNonNull(value);
            Objects.requireNonNull(variable);
        }

        /** How it is shown: {@code Authorization: Bearer $OPENAI_API_KEY}. */
        public String shown() {
            return name + ": " + value + (variable.isEmpty() ? "" : "$" + variable);
        }
    }

    /** The headers with each variable read through {@code environment} (a variable it has no value for is empty). */
    public Map<String, String> resolvedHeaders(UnaryOperator<String> environment) {
        Map<String, String> resolved = new LinkedHashMap<>();
        for (Header h : headers) {
            String value = h.variable().isEmpty() ? "" : environment.apply(h.variable());
            resolved.put(h.name(), h.value() + (value == null ? "" : value));
        }
        return resolved;
    }

    /** The same request sent to {@code baseUrl} instead (blank for the provider's own). */
    public FrozenRequest at(String baseUrl) {
        return new FrozenRequest(provider, provider.url(baseUrl), headers, body, recorded, exact, notes, thread, step, model);
    }

    /** The headers as shown, one a line. */
    public List<String> shownHeaders() {
        List<String> shown = new ArrayList<>();
        headers.forEach(h -> shown.add(h.shown()));
        return shown;
    }

    /** A {@code curl} command sending it: see {@link CurlCommand}. */
    public String curl() {
        return CurlCommand.of(this);
    }
}
