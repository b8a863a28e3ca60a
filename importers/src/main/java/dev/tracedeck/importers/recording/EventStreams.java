package dev.tracedeck.importers.recording;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.anthropic.MessageStream;
import dev.tracedeck.importers.openai.ChatChunks;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A streamed response body (server-sent events, as an SDK's snapshot keeps the text: {@code event: …} and
 * {@code data: {…}} lines, a blank line after each event) assembled into the body the API returns unstreamed, so it
 * reads like one: Anthropic's events as {@link MessageStream} puts them together, an {@code error} event (also one
 * before the message started) the body's {@code error}; Chat Completions chunks ({@code choices[].delta}: content joined, each tool call's arguments joined
 * by its index; {@code usage} from the last chunk that has it; {@code data: [DONE]}); Responses events (the
 * {@code response} of the last {@code response.*} event that carries one, {@code response.completed}'s being the
 * whole answer, else the items of {@code response.output_item.added}/{@code .done} with their text and arguments
 * deltas). A stream cut short gives what it had.
 */
final class EventStreams {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private EventStreams() {
    }

    /** True when {@code text} is an event stream: its first line is an {@code event:} or {@code data:} field. */
    static boolean isEventStream(String text) {
        String s = text.stripLeading();
        return s.startsWith("event:") || s.startsWith("data:");
    }

    /** The response the events of {@code text} make; empty when none of them is an event of a known API. */
    static Optional<JsonNode> assemble(String text) {
        List<JsonNode> events = events(text);
        for (JsonNode e : events) {
            String type = e.path("type").asText("");
            if (type.equals("message_start")) {
                return Optional.of(anthropic(events));
            }
            if (type.startsWith("response.")) {
                return Optional.of(responses(events));
            }
            if (e.has("choices")) {
                return Optional.of(chat(events));
            }
        }
        if (events.stream().anyMatch(e -> MessageStream.isEvent(e) && e.path("type").asText().equals(MessageStream.ERROR))) {
            // Anthropic's stream that failed before its message started: the body says why.
            return Optional.of(anthropic(events));
        }
        return Optional.empty();
    }

    /** Each event's data as JSON (several {@code data:} lines of one event joined), in order; others skipped. */
    static List<JsonNode> events(String text) {
        List<JsonNode> events = new ArrayList<>();
        StringBuilder data = new StringBuilder();
        for (String line : (text + "\n\n").split("\r?\n", -1)) {
            if (line.isEmpty()) {
                dispatch(data, events);
            } else if (line.startsWith("data:")) {
                data.append(data.isEmpty() ? "" : "\n").append(line.substring(5).stripLeading());
            }
        }
        return events;
    }

    private static void dispatch(StringBuilder data, List<JsonNode> events) {
        if (data.isEmpty()) {
            return;
        }
        String payload = data.toString();
        data.setLength(0);
        try {
            JsonNode node = MAPPER.readTree(payload);
            if (node != null && node.isObject()) {
                events.add(node);
            }
        } catch (JsonProcessingException e) {
            // [DONE] and data that is no JSON: not part of the answer.
        }
    }

    private static JsonNode anthropic(List<JsonNode> events) {
        ObjectNode message = MessageStream.assemble(events);
        events.stream().filter(e -> e.path("type").asText("").equals(MessageStream.ERROR)).reduce((a, b) -> b)
                .ifPresent(e -> message.set("error", e.path("error")));
        return message;
    }

    private static JsonNode chat(List<JsonNode> events) {
        return ChatChunks.assemble(events);
    }

    private static JsonNode responses(List<JsonNode> events) {
        ObjectNode response = MAPPER.createObjectNode();
        boolean whole = false;
        TreeMap<Integer, ObjectNode> items = new TreeMap<>();
        for (JsonNode e : events) {
            String type = e.path("type").asText("");
            if (e.path("response").isObject()) {
                response = e.get("response").deepCopy();
                whole = type.equals("response.completed") || type.equals("response.incomplete")
                        || type.equals("response.failed");
                continue;
            }
            int index = e.path("output_index").asInt();
            switch (type) {
                case "response.output_item.added", "response.output_item.done" ->
                        items.put(index, e.path("item").deepCopy());
                case "response.output_text.delta" -> {
                    ObjectNode item = items.computeIfAbsent(index, i -> MAPPER.createObjectNode()
                            .put("type", "message").put("role", "assistant"));
                    ArrayNode content = item.path("content").isArray() ? (ArrayNode) item.get("content") : item.putArray("content");
                    int part = e.path("content_index").asInt();
                    while (content.size() <= part) {
                        content.addObject().put("type", "output_text").put("text", "");
                    }
                    append((ObjectNode) content.get(part), "text", e.path("delta").asText(""));
                }
                case "response.function_call_arguments.delta" ->
                        append(items.computeIfAbsent(index, i -> MAPPER.createObjectNode()), "arguments",
                                e.path("delta").asText(""));
                case "error" -> response.set("error", e.path("error").isMissingNode() ? e : e.get("error"));
                default -> { }
            }
        }
        if (!whole || !response.path("output").isArray() || response.get("output").isEmpty()) {
            if (!items.isEmpty()) {
                ArrayNode output = response.putArray("output");
                items.values().forEach(output::add);
            }
        }
        if (!response.has("object")) {
            response.put("object", "response");
        }
        return response;
    }

    private static void append(ObjectNode node, String field, String piece) {
        node.put(field, node.path(field).asText("") + piece);
    }
}
