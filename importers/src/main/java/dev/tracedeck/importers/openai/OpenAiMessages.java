package dev.tracedeck.importers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One Chat Completions message object to the model's {@link Message}. Roles are kept as written ({@code system},
 * {@code developer}, {@code user}, {@code assistant}, {@code tool}, the legacy {@code function}, or any other).
 * {@code tool_calls[].function.arguments} is a JSON string that may not parse (cut when the model hit its
 * length limit): the text is kept as written and parsed when it parses; a client that stored an object instead
 * gets its compact text. The legacy {@code function_call} becomes a call without an id, answered by the next
 * {@code function} message (by name only). An assistant's {@code refusal} is appended to its content. A message's
 * {@code name} (a participant's, or the function a legacy {@code function} message answers for) is kept: the model
 * reads it and the API counts it. A {@code tool} message has no name in the API's shape, so a name a log writes
 * there (Letta's agent name) is the log's own, not sent, and left out.
 */
public final class OpenAiMessages {

    private OpenAiMessages() {
    }

    /** True when {@code node} looks like a message: an object with a string {@code role}. */
    public static boolean isMessage(JsonNode node) {
        return node.isObject() && node.path("role").isTextual();
    }

    public static Message parse(JsonNode node) throws MalformedRecordException {
        if (!node.isObject()) {
            throw new MalformedRecordException("a message is an object, this is a " + node.getNodeType());
        }
        JsonNode role = node.get("role");
        if (role == null || !role.isTextual()) {
            throw new MalformedRecordException(role == null ? "message without a role" : "role is not a string");
        }
        String content = ContentParts.text(node.get("content"));
        String refusal = node.path("refusal").isTextual() ? node.path("refusal").textValue() : "";
        if (!refusal.isEmpty()) {
            content = content.isEmpty() ? "[refusal: " + refusal + "]" : content + "\n[refusal: " + refusal + "]";
        }
        if (node.path("audio").isObject() && content.isEmpty()) {
            content = "[audio: " + node.path("audio").path("id").asText("response") + "]";
        }
        List<ToolCall> calls = new ArrayList<>();
        JsonNode toolCalls = node.get("tool_calls");
        if (toolCalls != null && !toolCalls.isNull()) {
            if (!toolCalls.isArray()) {
                throw new MalformedRecordException("tool_calls is not a list");
            }
            for (int i = 0; i < toolCalls.size(); i++) {
                calls.add(toolCall(toolCalls.get(i), i));
            }
        }
        JsonNode functionCall = node.get("function_call");
        if (functionCall != null && functionCall.isObject()) {
            calls.add(call("", functionCall, "function_call"));
        }
        String toolCallId = node.path("tool_call_id").isTextual() ? node.path("tool_call_id").textValue()
                : node.path("tool_call_id").isNumber() ? node.path("tool_call_id").asText() : "";
        String name = node.path("name").isTextual() && !role.textValue().equals("tool") ? node.path("name").textValue() : "";
        return new Message(knownRole(role.textValue()), content, calls, toolCallId, name);
    }

    /** The usual roles as one string each, not one copy per message (a million messages, a million "assistant"s). */
    static String knownRole(String role) {
        return switch (role) {
            case "system" -> "system";
            case "developer" -> "developer";
            case "user" -> "user";
            case "assistant" -> "assistant";
            case "tool" -> "tool";
            case "function" -> "function";
            default -> role;
        };
    }

    private static ToolCall toolCall(JsonNode call, int index) throws MalformedRecordException {
        String where = "tool_calls[" + index + "]";
        if (!call.isObject()) {
            throw new MalformedRecordException(where + " is not an object");
        }
        String id = call.path("id").asText("");
        JsonNode function = call.get("function");
        if (function == null || !function.isObject()) {
            // Custom tools (type "custom") carry {name, input}; anything else has nothing to call.
            if (call.path("custom").isObject()) {
                JsonNode custom = call.get("custom");
                String input = custom.path("input").asText("");
                return new ToolCall(id, custom.path("name").asText(""), input, Optional.empty(), false);
            }
            throw new MalformedRecordException(where + " has no function");
        }
        return withId(call(id, function, where + ".function"), id);
    }

    private static ToolCall withId(ToolCall call, String id) {
        return new ToolCall(id, call.name(), call.rawArguments(), call.parsedArguments(), call.truncated(),
                call.parsedFromText());
    }

    private static ToolCall call(String id, JsonNode function, String where) throws MalformedRecordException {
        JsonNode name = function.get("name");
        if (name == null || !name.isTextual()) {
            throw new MalformedRecordException(where + " has no name");
        }
        return JsonValues.toolCall(id, name.textValue(), function.get("arguments"));
    }
}
