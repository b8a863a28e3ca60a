package dev.tracedeck.importers.letta;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * One message of a Letta agent file to the model's {@link Message}. Letta stores messages in OpenAI's shape: an
 * assistant's {@code tool_calls} ({@code id}, {@code function.name}, {@code function.arguments} as JSON text) and
 * {@code tool} messages answering them by {@code tool_call_id}; its content is a list of parts ({@code text}, and in
 * newer files {@code reasoning}, {@code omitted_reasoning}, {@code redacted_reasoning}, {@code image}). A tool message
 * carries the agent's {@code name}, which Letta does not send with it: left out, as OpenAI has no name there.
 */
final class LettaMessages {

    private LettaMessages() {
    }

    /** The message, or null with {@code why[0]} saying what is wrong with it. */
    static Message parse(JsonNode node, String[] why) {
        if (!node.isObject() || !node.path("role").isTextual()) {
            why[0] = node.isObject() ? "a Letta message without a role" : "a Letta message is an object";
            return null;
        }
        String role = node.get("role").textValue();
        List<ToolCall> calls = new ArrayList<>();
        JsonNode toolCalls = node.path("tool_calls");
        if (toolCalls.isArray()) {
            for (JsonNode call : toolCalls) {
                JsonNode function = call.path("function");
                if (!function.path("name").isTextual()) {
                    why[0] = "a tool call without a function name";
                    return null;
                }
                calls.add(withId(JsonValues.toolCall(call.path("id").asText(""), function.get("name").textValue(),
                        function.get("arguments")), call.path("id").asText("")));
            }
        } else if (!toolCalls.isMissingNode() && !toolCalls.isNull()) {
            why[0] = "tool_calls is not a list";
            return null;
        }
        String toolCallId = node.path("tool_call_id").isTextual() ? node.get("tool_call_id").textValue() : "";
        String name = node.path("name").isTextual() && !role.equals("tool") ? node.get("name").textValue() : "";
        return new Message(role, text(node.get("content")), calls, toolCallId, name);
    }

    /**
     * When the message was written, as the file writes it: {@code created_at} in an agent file, {@code date} in a message
     * as Letta's API returns it; "" when it has neither.
     */
    static String time(JsonNode node) {
        for (String field : new String[] {"created_at", "date"}) {
            if (node.path(field).isTextual()) {
                return node.get(field).textValue();
            }
        }
        return "";
    }

    private static ToolCall withId(ToolCall call, String id) {
        return new ToolCall(id, call.name(), call.rawArguments(), call.parsedArguments(), call.truncated(),
                call.parsedFromText());
    }

    /** The content's text: a string as it is, parts joined by newlines; what is not text as a placeholder. */
    static String text(JsonNode content) {
        if (content == null || content.isNull() || content.isMissingNode()) {
            return "";
        }
        if (content.isTextual()) {
            return content.textValue();
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode part : content) {
            String type = part.path("type").asText("");
            String text = switch (type) {
                case "text" -> part.path("text").asText("");
                case "reasoning" -> part.path("reasoning").asText("");
                case "omitted_reasoning", "redacted_reasoning" -> "[" + type.replace('_', ' ') + "]";
                // The call and its return are the message's tool_calls and the tool message: not text again.
                case "tool_call", "tool_return" -> null;
                default -> "[" + (type.isEmpty() ? "untyped" : type) + " part]";
            };
            if (text != null) {
                if (!out.isEmpty()) {
                    out.append('\n');
                }
                out.append(text);
            }
        }
        return out.toString();
    }
}
