package dev.tracedeck.analysis.steps;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One call to the model as one step. Mycelian logs a call as two records on the agent's thread:
 * {@code LLM_CALL curated_messages=N} when the request goes out and {@code LLM_CALL tool_calls=K} when the
 * model has answered. A run that died mid-call leaves a request without its answer; a log that starts
 * mid-call, an answer without its request. At least one of the two is present.
 *
 * @param request the record of what went in, when logged
 * @param answer  the record of what came back, when logged
 */
public record LlmRound(Optional<Event> request, Optional<Event> answer) {

    public LlmRound {
        Objects.requireNonNull(request);
        Objects.requireNonNull(answer);
        if (request.isEmpty() && answer.isEmpty()) {
            throw new IllegalArgumentException("a round has a request or an answer");
        }
    }

    /** The round's records in source order: the request, then the answer. */
    public List<Event> events() {
        List<Event> events = new ArrayList<>(2);
        request.ifPresent(events::add);
        answer.ifPresent(events::add);
        return List.copyOf(events);
    }

    /** The record that stands for the round in a list: the request, or the answer when there is none. */
    public Event first() {
        return request.orElseGet(answer::get);
    }

    /**
     * From the request's timestamp to the answer's; empty when either was not logged or cannot be read, or
     * when one has a date and the other not. Whole seconds when either time was logged without milliseconds.
     */
    public Optional<Duration> latency() {
        if (request.isEmpty() || answer.isEmpty()) {
            return Optional.empty();
        }
        Optional<LogTime> from = LogTime.parse(request.get().time());
        Optional<LogTime> to = LogTime.parse(answer.get().time());
        if (from.isEmpty() || to.isEmpty()) {
            return Optional.empty();
        }
        return from.get().until(to.get());
    }

    /** True when both times had milliseconds, so the latency is exact to the millisecond. */
    boolean latencyInMillis() {
        return request.flatMap(r -> LogTime.parse(r.time())).map(LogTime::hasMillis).orElse(false)
                && answer.flatMap(a -> LogTime.parse(a.time())).map(LogTime::hasMillis).orElse(false);
    }

    /**
     * "6 messages in → 1 tool call out · 1.42 s"; "6 messages in → no answer logged" for a request alone;
     * "1 tool call out (request not logged)" for an answer alone. No "LLM call" in front: a list shows the
     * kind beside it, and the latency at the end is what a narrow column must not lose.
     */
    public String summary() {
        String in = request.map(r -> count(((Payload.LlmCall) r.payload()).curatedMessages().orElse(0), "message", "messages") + " in")
                .orElse("");
        String out = answer.map(a -> count(((Payload.LlmCall) a.payload()).toolCalls().orElse(0), "tool call", "tool calls") + " out")
                .orElse("");
        if (answer.isEmpty()) {
            return in + " → no answer logged";
        }
        if (request.isEmpty()) {
            return out + " (request not logged)";
        }
        return in + " → " + out + latency().map(d -> " · " + format(d, latencyInMillis())).orElse("");
    }

    /** "1.42 s", "12.3 s", "2 min 05 s"; "3 s" (or "<1 s") when the log gave whole seconds. */
    static String format(Duration d, boolean millis) {
        long ms = d.toMillis();
        if (ms >= 60_000) {
            return String.format(Locale.ROOT, "%d min %02d s", ms / 60_000, ms / 1000 % 60);
        }
        if (!millis) {
            return ms < 1000 ? "<1 s" : ms / 1000 + " s";
        }
        return String.format(Locale.ROOT, ms < 10_000 ? "%.2f s" : "%.1f s", ms / 1000.0);
    }

    private static String count(int n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }
}
