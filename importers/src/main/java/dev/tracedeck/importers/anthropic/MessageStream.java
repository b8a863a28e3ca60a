package dev.tracedeck.importers.anthropic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The events of a streamed Messages API answer ({@code stream: true}) put back into the message the API returns
 * unstreamed, as the SDKs' accumulators do: {@code message_start}'s message with the blocks it holds already; each
 * {@code content_block_start}'s block
 * at its index, with its {@code content_block_delta}s applied ({@code text_delta}, {@code thinking_delta},
 * {@code compaction_delta} joined, {@code signature_delta} set, {@code citations_delta} appended, a tool's (or a server
 * tool's) {@code input_json_delta} pieces joined and parsed, kept as text where the stream stopped inside them);
 * {@code message_delta}'s {@code stop_reason} and the rest of its delta, and its usage, whose counts are cumulative,
 * over the start's where not null. {@code ping}, {@code content_block_stop} and {@code message_stop} add nothing; an
 * {@code error} event is the request's failure, not part of the answer.
 */
public final class MessageStream {

    public static final String START = "message_start";
    public static final String STOP = "message_stop";
    public static final String ERROR = "error";
    /** The event types of the Messages API's stream. */
    public static final Set<String> EVENTS = Set.of(START, "content_block_start", "content_block_delta",
            "content_block_stop", "message_delta", STOP, "ping", ERROR);

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** The deltas whose pieces are joined: each names the block's field it adds to, which is its own field. */
    private static final Map<String, String> JOINED = Map.of("text_delta", "text", "thinking_delta", "thinking",
            "compaction_delta", "content");

    private MessageStream() {
    }

    /** True for an event of the stream: an object whose {@code type} is one of {@link #EVENTS}. */
    public static boolean isEvent(JsonNode node) {
        return node.isObject() && node.path("type").isTextual() && EVENTS.contains(node.get("type").textValue())
                && (!node.get("type").textValue().equals(ERROR) || node.path("error").isObject());
    }

    /**
     * Why an event can't be put with the others, or null: a member {@link #assemble} reads that is not of its type
     * ({@code message_start}'s {@code message}, a block event's {@code index}, {@code content_block}, {@code delta}).
     */
    public static String problem(JsonNode event) {
        String type = event.path("type").asText("");
        if (type.equals(START) && !event.path("message").isObject()) {
            return "a message_start whose message is not an object";
        }
        if (type.startsWith("content_block_") && !event.path("index").canConvertToInt()) {
            return "a " + type + " whose index is not an integer";
        }
        if (type.equals("content_block_start") && !event.path("content_block").isObject()) {
            return "a content_block_start whose content_block is not an object";
        }
        if ((type.equals("content_block_delta") || type.equals("message_delta")) && !event.path("delta").isObject()) {
            return "a " + type + " whose delta is not an object";
        }
        if (type.equals("message_delta") && event.has("usage") && !event.get("usage").isObject()
                && !event.get("usage").isNull()) {
            return "a message_delta whose usage is not an object";
        }
        return null;
    }

    /** The id the stream's {@code message_start} gives its message, or "" for any other event. */
    public static String messageId(JsonNode event) {
        return event.path("type").asText("").equals(START) ? event.path("message").path("id").asText("") : "";
    }

    /** What an {@code error} event says: "the request failed: TYPE: MESSAGE". */
    public static String failure(JsonNode event) {
        JsonNode error = event.path("error");
        String type = error.path("type").asText("");
        String message = error.path("message").asText("");
        return "the request failed: " + (type.isEmpty() ? "" : type + (message.isEmpty() ? "" : ": ")) + message;
    }

    /** The message the events make (events with a {@link #problem} left out); a stream cut short gives what it had. */
    public static ObjectNode assemble(List<JsonNode> events) {
        ObjectNode message = MAPPER.createObjectNode();
        TreeMap<Integer, ObjectNode> blocks = new TreeMap<>();
        TreeMap<Integer, StringBuilder> inputs = new TreeMap<>();
        for (JsonNode e : events) {
            if (problem(e) != null) {
                continue;
            }
            switch (e.path("type").asText("")) {
                case START -> {
                    message.setAll((ObjectNode) e.get("message").deepCopy());
                    // The blocks the message starts with (a programmatic tool call's tool_use) come before the streamed ones.
                    JsonNode initial = message.path("content");
                    for (int i = 0; initial.isArray() && i < initial.size(); i++) {
                        if (initial.get(i).isObject()) {
                            blocks.putIfAbsent(i, (ObjectNode) initial.get(i));
                        }
                    }
                }
                case "content_block_start" -> blocks.put(e.get("index").asInt(), e.get("content_block").deepCopy());
                case "content_block_delta" -> {
                    int index = e.get("index").asInt();
                    delta(blocks.computeIfAbsent(index, i -> MAPPER.createObjectNode()), e.get("delta"),
                            () -> inputs.computeIfAbsent(index, i -> new StringBuilder()));
                }
                case "message_delta" -> messageDelta(message, e);
                default -> { }
            }
        }
        inputs.forEach((index, json) -> {
            if (!json.isEmpty()) {
                blocks.get(index).set("input", parsedOrText(json.toString()));
            }
        });
        ArrayNode content = message.putArray("content");
        blocks.values().forEach(content::add);
        return message;
    }

    private static void delta(ObjectNode block, JsonNode delta, Supplier<StringBuilder> input) {
        String type = delta.path("type").asText("");
        String field = JOINED.get(type);
        if (field != null) {
            block.put(field, block.path(field).asText("") + delta.path(field).asText(""));
        } else if (type.equals("signature_delta")) {
            block.put("signature", delta.path("signature").asText(""));
        } else if (type.equals("citations_delta") && delta.path("citation").isObject()) {
            ArrayNode citations = block.path("citations").isArray() ? (ArrayNode) block.get("citations")
                    : block.putArray("citations");
            citations.add(delta.get("citation"));
        } else if (type.equals("input_json_delta")) {
            input.get().append(delta.path("partial_json").asText(""));
        }
    }

    /** The message's end: its delta's fields, and its usage's cumulative counts where they are not null. */
    private static void messageDelta(ObjectNode message, JsonNode event) {
        event.get("delta").fields().forEachRemaining(f -> {
            if (!f.getValue().isNull() || !f.getKey().equals("stop_details")) {
                message.set(f.getKey(), f.getValue().deepCopy());
            }
        });
        JsonNode usage = event.path("usage");
        if (!usage.isObject()) {
            return;
        }
        ObjectNode merged = message.path("usage").isObject() ? (ObjectNode) message.get("usage") : message.putObject("usage");
        usage.fields().forEachRemaining(f -> {
            if (!f.getValue().isNull()) {
                merged.set(f.getKey(), f.getValue().deepCopy());
            }
        });
    }

    private static JsonNode parsedOrText(String json) {
        try {
            JsonNode parsed = MAPPER.readTree(json);
            return parsed == null ? MAPPER.getNodeFactory().textNode(json) : parsed;
        } catch (JsonProcessingException e) {
            return MAPPER.getNodeFactory().textNode(json);
        }
    }
}
