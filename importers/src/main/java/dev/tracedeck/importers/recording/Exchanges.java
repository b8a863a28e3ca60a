package dev.tracedeck.importers.recording;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.chat.KnownMessages;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.source.SourceRef;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A recording's exchanges, in order, into its thread. A request sends the whole history again, so only the messages
 * the thread does not hold yet are added ({@link KnownMessages}), then a {@value #REQUEST} record (method, URL and the body
 * without its messages); the response's answer follows, a model call of the model it names billed its usage, then a
 * {@value #RESPONSE} record. An Anthropic request's {@code system} is a system message without an index where it
 * changes. A response with an error status is an {@code error} record. A recording whose last exchange ends in an
 * answer ends at the model's answer: its calls' results would be in a request the recording does not hold.
 *
 * <p>An OpenAI Responses request's {@code instructions} are the system message, its {@code input} the user's message
 * or items, its response's {@code output} items the answer, read as {@code openai-responses} reads them: an assistant
 * turn's items are one message with all its calls, each output item a result answering its {@code call_id}, an item
 * that is no message (a built-in tool's output) a record of its type. A request with a {@code previous_response_id}
 * carries only what is new since that response: all its input is added.
 */
final class Exchanges {

    static final String REQUEST = "request";
    static final String RESPONSE = "response";
    static final String ERROR = "error";

    private final ChatTraceWriter out;
    private final String thread;
    private final KnownMessages history = new KnownMessages();
    private String system;
    private boolean endsAtAnswer;
    private int count;
    /** The APIs of the exchanges read. */
    private final Set<ProviderBodies.Api> apis = EnumSet.noneOf(ProviderBodies.Api.class);

    Exchanges(ChatTraceWriter out, String thread) {
        this.out = out;
        this.thread = thread;
    }

    static boolean isExchange(JsonNode node) {
        return node.isObject() && node.path("request").isObject() && node.path("response").isObject();
    }

    int count() {
        return count;
    }

    /**
     * The API whose pairing the recording's history follows when it differs from the generic one: OpenAI Responses
     * when every exchange read is one (calls paired by {@code call_id}, reasoning and developer messages not
     * interrupting); else none.
     */
    Optional<String> conventions() {
        return apis.equals(EnumSet.of(ProviderBodies.Api.OPENAI_RESPONSES)) ? Optional.of("openai-responses") : Optional.empty();
    }

    void add(JsonNode exchange, SourceRef source) {
        count++;
        JsonNode request = exchange.get("request");
        JsonNode response = exchange.get("response");
        JsonNode requestBody = ProviderBodies.body(request);
        JsonNode responseBody = ProviderBodies.body(response);
        String url = request.path("url").asText("");
        ProviderBodies.Api api = ProviderBodies.api(url, requestBody, responseBody);
        if (api == ProviderBodies.Api.UNKNOWN) {
            out.other(source, exchange.toString(), "a recorded exchange of no API Tracedeck reads (" + url + ")");
            endsAtAnswer = false;
            return;
        }
        apis.add(api);
        String requestBase = "/request/" + bodyKey(request);
        ProviderBodies.system(api, requestBody, requestBase).ifPresent(item -> system(item, source));
        List<ProviderBodies.Item> input = ProviderBodies.requestMessages(api, requestBody, requestBase);
        List<ProviderBodies.Item> sent = input.stream().filter(i -> i.message() != null).toList();
        for (ProviderBodies.Item item : input) {
            if (item.message() == null) {
                other(item, source);
            }
        }
        boolean onlyNew = api == ProviderBodies.Api.OPENAI_RESPONSES
                && !requestBody.path("previous_response_id").asText("").isEmpty();
        for (ProviderBodies.Item item : onlyNew ? sent : history.unseen(sent, ProviderBodies.Item::message)) {
            write(item, source);
        }
        out.json(REQUEST, thread, at(source, "/request"), request.toString(), JsonValues.from(requestRecord(request, requestBody)));
        response(response, responseBody, api, source);
    }

    private void response(JsonNode response, JsonNode body, ProviderBodies.Api api, SourceRef source) {
        int status = response.path("status_code").asInt(response.path("status").asInt(200));
        SourceRef at = at(source, "/response");
        if (status >= 400 || body.hasNonNull("error")) {
            JsonNode error = body.path("error");
            String message = error.path("message").asText(error.isTextual() ? error.textValue() : "");
            out.error(ERROR, thread, at, response.toString(), "HTTP " + status + (message.isEmpty() ? "" : ": " + message), "");
            endsAtAnswer = false;
            return;
        }
        Event first = null;
        for (ProviderBodies.Item item : ProviderBodies.responseMessages(api, body, "/response/" + bodyKey(response))) {
            if (item.message() == null) {
                other(item, source);
                continue;
            }
            Event e = write(item, source);
            first = first == null ? e : first;
        }
        if (first != null) {
            out.modelCall(first, body.path("model").asText(""), ProviderBodies.usage(api, body));
        }
        endsAtAnswer = first != null;
        ObjectNode rest = body.isObject() ? ((ObjectNode) body).deepCopy() : null;
        if (rest != null) {
            rest.remove(api == ProviderBodies.Api.OPENAI_RESPONSES ? List.of("output") : List.of("content", "role", "choices"));
            rest.put("status_code", status);
            out.json(RESPONSE, thread, at, response.toString(), JsonValues.from(rest));
        }
    }

    private Event write(ProviderBodies.Item item, SourceRef source) {
        return out.message(thread, at(source, item.pointer()), item.text(), item.message(),
                OptionalInt.of(history.add(item.message())), "");
    }

    /** An item that is no message: malformed, or (a Responses item of no message) a record of its type. */
    private void other(ProviderBodies.Item item, SourceRef source) {
        var record = JsonValues.tryParse(item.text()).filter(v -> !item.record().isEmpty());
        if (record.isPresent()) {
            out.json(item.record(), thread, at(source, item.pointer()), item.text(), record.get());
        } else {
            out.malformed(thread, at(source, item.pointer()), item.text(), item.problem());
        }
    }

    private void system(ProviderBodies.Item item, SourceRef source) {
        if (item.message() == null || item.message().content().equals(system)) {
            return;
        }
        system = item.message().content();
        out.instructions(thread, at(source, item.pointer()), item.text(), item.message(), "");
    }

    /** The request's method and URL, and its body without the messages and system prompt the events show. */
    private static ObjectNode requestRecord(JsonNode request, JsonNode body) {
        ObjectNode record = JsonNodeFactory.instance.objectNode();
        record.set("method", request.path("method"));
        record.set("url", request.path("url"));
        if (body.isObject()) {
            ObjectNode rest = ((ObjectNode) body).deepCopy();
            rest.remove(List.of("messages", "system", "input", "instructions"));
            record.set("body", rest);
        }
        return record;
    }

    private static String bodyKey(JsonNode holder) {
        return Optional.of("body").filter(holder::has).orElse(holder.has("json") ? "json" : "content");
    }

    /** The recording ends where its last exchange did: at the model's answer when that exchange got one. */
    void finish() {
        if (count > 0) {
            out.endsAtModelAnswer(thread, endsAtAnswer);
        }
    }

    private static SourceRef at(SourceRef base, String pointer) {
        return new SourceRef(base.file(), base.firstLine(), base.lastLine(), base.pointer() + pointer);
    }
}
