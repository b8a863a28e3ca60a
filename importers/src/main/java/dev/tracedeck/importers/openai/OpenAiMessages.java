package dev.tracedeck.importers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
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

    /**
     * True when {@code node} is meant as a message: an object with a {@code role}. One whose role is not a string is a
     * message that broke, read by {@link #parse} as malformed, not JSON of another kind.
     */
    public static boolean isMessage(JsonNode node) {
        return node.isObject() && node.has("role");
    }

    public static Message parse(JsonNode node) throws MalformedRecordException {
        if (!node.isObject()) {
            throw new MalformedRecordException("a message is an object, this is " + JsonFields.kind(node));
        }
        JsonNode role = node.get("role");
        if (JsonFields.isAbsent(role)) {
            throw new MalformedRecordException("message without a role");
        }
        if (!role.isTextual()) {
            throw JsonFields.wrongType("role", role, "a string");
        }
        String content = ContentParts.text(node.get("content"));
        String refusal = JsonFields.text(node, "refusal");
        if (!refusal.isEmpty()) {
            content = content.isEmpty() ? "[refusal: " + refusal + "]" : content + "\n[refusal: " + refusal + "]";
        }
        JsonNode audio = JsonFields.object(node, "audio");
        if (audio.isObject() && content.isEmpty()) {
            String id = JsonFields.text(audio, "id", "audio.id");
            content = "[audio: " + (id.isEmpty() ? "response" : id) + "]";
        }
        List<ToolCall> calls = new ArrayList<>();
        JsonNode toolCalls = JsonFields.list(node, "tool_calls");
        for (int i = 0; i < toolCalls.size(); i++) {
            calls.add(toolCall(toolCalls.get(i), i));
        }
        JsonNode functionCall = JsonFields.object(node, "function_call");
        if (functionCall.isObject()) {
            calls.add(call("", functionCall, "function_call"));
        }
        String toolCallId = JsonFields.text(node, "tool_call_id");
        String name = JsonFields.text(node, "name");
        return new Message(knownRole(role.textValue()), content, calls, toolCallId,
                role.textValue().equals("tool") ? "" : name);
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
        JsonFields.isObject(call, where);
        String id = JsonFields.text(call, "id", where + ".id");
        JsonNode function = JsonFields.object(call, "function", where + ".function");
        if (!function.isObject()) {
            // Custom tools (type "custom") carry {name, input}; anything else has nothing to call.
            JsonNode custom = JsonFields.object(call, "custom", where + ".custom");
            if (custom.isObject()) {
                String input = JsonFields.text(custom, "input", where + ".custom.input");
                return new ToolCall(id, JsonFields.text(custom, "name", where + ".custom.name"), input, Optional.empty(),
                        false);
            }
            throw new MalformedRecordException(where + " has no function");
        }
        return withId(call(id, function, where + ".function"), id);
    }

    private static ToolCall withId(ToolCall call, String id) {
        return new ToolCall(id, call.name(), call.rawArguments(), call.parsedArguments(), call.truncated(),
                call.parsedFromText());
    }

    /** A call's function: its name, and its arguments as the JSON string the API gives or an object a client kept. */
    private static ToolCall call(String id, JsonNode function, String where) throws MalformedRecordException {
        JsonNode name = function.get("name");
        if (JsonFields.isAbsent(name)) {
            throw new MalformedRecordException(where + " has no name");
        }
        if (!name.isTextual()) {
            throw JsonFields.wrongType(where + ".name", name, "a string");
        }
        JsonNode arguments = function.get("arguments");
        if (!JsonFields.isAbsent(arguments) && !arguments.isTextual() && !arguments.isObject()) {
            throw JsonFields.wrongType(where + ".arguments", arguments, "a string");
        }
        return JsonValues.toolCall(id, name.textValue(), arguments);
    }
}
