package dev.tracedeck.importers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
import java.util.List;
import java.util.TreeMap;

/**
 * The chunks of a streamed Chat Completions answer ({@code stream: true}: {@code chat.completion.chunk} objects, each
 * {@code choices[].delta}) put back into the completion the API returns unstreamed: each choice's content and refusal
 * joined, each tool call's arguments joined by its index, {@code finish_reason} and {@code usage} from the chunks
 * that have them.
 */
public final class ChatChunks {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ChatChunks() {
    }

    /**
     * True for a chunk of a streamed answer: a {@code chat.completion.chunk}, (a provider that leaves {@code object}
     * out or empty) {@code choices} whose first holds a {@code delta}, or Azure's first chunk, which has no choice yet
     * and the {@code prompt_filter_results}.
     */
    public static boolean isChunk(JsonNode node) {
        JsonNode choices = node.path("choices");
        JsonNode object = node.path("object");
        return node.isObject() && (object.asText("").equals("chat.completion.chunk")
                || choices.path(0).path("delta").isObject()
                || choices.isArray() && choices.isEmpty() && node.path("prompt_filter_results").isArray()
                // A chunk whose object broke (the last one, with usage, has no choice to tell it by): a malformed one.
                || choices.isArray() && choices.isEmpty() && !object.isMissingNode() && !object.isTextual());
    }

    /**
     * Says why a chunk can't be put with the others: a member {@link #assemble} reads that is not of its type. Such a
     * chunk is kept malformed, not put together with the others as if it said nothing.
     */
    public static void check(JsonNode chunk) throws MalformedRecordException {
        for (String field : List.of("id", "model", "object", "system_fingerprint")) {
            JsonFields.text(chunk, field);
        }
        JsonFields.object(chunk, "usage");
        JsonNode choices = JsonFields.list(chunk, "choices");
        for (int i = 0; i < choices.size(); i++) {
            String at = "choices[" + i + "]";
            JsonNode choice = JsonFields.isObject(choices.get(i), at);
            JsonFields.integer(choice, "index", at + ".index", 0);
            JsonFields.text(choice, "finish_reason", at + ".finish_reason");
            JsonNode delta = JsonFields.object(choice, "delta", at + ".delta");
            for (String field : List.of("role", "content", "refusal")) {
                JsonFields.text(delta, field, at + ".delta." + field);
            }
            JsonNode calls = JsonFields.list(delta, "tool_calls", at + ".delta.tool_calls");
            for (int c = 0; c < calls.size(); c++) {
                String callAt = at + ".delta.tool_calls[" + c + "]";
                JsonNode call = JsonFields.isObject(calls.get(c), callAt);
                JsonFields.integer(call, "index", callAt + ".index", 0);
                JsonFields.text(call, "id", callAt + ".id");
                JsonFields.text(call, "type", callAt + ".type");
                JsonNode function = JsonFields.object(call, "function", callAt + ".function");
                JsonFields.text(function, "name", callAt + ".function.name");
                JsonFields.text(function, "arguments", callAt + ".function.arguments");
            }
        }
    }

    /** The completion the chunks make; each must have passed {@link #check}. */
    public static JsonNode assemble(List<JsonNode> events) {
        ObjectNode body = MAPPER.createObjectNode();
        TreeMap<Integer, ObjectNode> choices = new TreeMap<>();
        TreeMap<Integer, TreeMap<Integer, ObjectNode>> calls = new TreeMap<>();
        for (JsonNode chunk : events) {
            for (String field : List.of("id", "model", "created", "system_fingerprint")) {
                if (chunk.hasNonNull(field) && !body.has(field)) {
                    body.set(field, chunk.get(field));
                }
            }
            if (chunk.path("usage").isObject()) {
                body.set("usage", chunk.get("usage"));
            }
            for (JsonNode choice : chunk.path("choices")) {
                int index = choice.path("index").asInt();
                ObjectNode assembled = choices.computeIfAbsent(index, i -> {
                    ObjectNode c = MAPPER.createObjectNode().put("index", i);
                    c.putObject("message").put("role", "assistant");
                    return c;
                });
                if (choice.hasNonNull("finish_reason")) {
                    assembled.set("finish_reason", choice.get("finish_reason"));
                }
                ObjectNode message = (ObjectNode) assembled.get("message");
                JsonNode delta = choice.path("delta");
                if (delta.path("role").isTextual()) {
                    message.set("role", delta.get("role"));
                }
                for (String text : List.of("content", "refusal")) {
                    if (delta.path(text).isTextual()) {
                        append(message, text, delta.get(text).textValue());
                    }
                }
                for (JsonNode call : delta.path("tool_calls")) {
                    ObjectNode c = calls.computeIfAbsent(index, i -> new TreeMap<>())
                            .computeIfAbsent(call.path("index").asInt(), i -> MAPPER.createObjectNode());
                    for (String field : List.of("id", "type")) {
                        if (call.path(field).isTextual()) {
                            c.set(field, call.get(field));
                        }
                    }
                    JsonNode function = call.path("function");
                    ObjectNode f = c.has("function") ? (ObjectNode) c.get("function") : c.putObject("function");
                    if (function.path("name").isTextual()) {
                        f.set("name", function.get("name"));
                    }
                    append(f, "arguments", function.path("arguments").asText(""));
                }
            }
        }
        calls.forEach((index, byIndex) -> {
            ArrayNode list = ((ObjectNode) choices.get(index).get("message")).putArray("tool_calls");
            byIndex.values().forEach(list::add);
        });
        body.put("object", "chat.completion");
        ArrayNode list = body.putArray("choices");
        choices.values().forEach(list::add);
        return body;
    }

    private static void append(ObjectNode node, String field, String piece) {
        node.put(field, node.path(field).asText("") + piece);
    }
}
