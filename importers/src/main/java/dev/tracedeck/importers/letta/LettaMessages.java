package dev.tracedeck.importers.letta;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.ContentText;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
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

    /** The message. */
    static Message parse(JsonNode node) throws MalformedRecordException {
        if (!node.isObject()) {
            throw new MalformedRecordException("a Letta message is an object, this is " + JsonFields.kind(node));
        }
        if (JsonFields.isAbsent(node.get("role"))) {
            throw new MalformedRecordException("a Letta message without a role");
        }
        String role = JsonFields.text(node, "role");
        for (String field : List.of("created_at", "date", "id", "model")) {
            JsonFields.text(node, field);
        }
        List<ToolCall> calls = new ArrayList<>();
        JsonNode toolCalls = JsonFields.list(node, "tool_calls");
        for (int i = 0; i < toolCalls.size(); i++) {
            String at = "tool_calls[" + i + "]";
            JsonNode call = JsonFields.isObject(toolCalls.get(i), at);
            JsonNode function = JsonFields.object(call, "function", at + ".function");
            if (JsonFields.isAbsent(function.get("name"))) {
                throw new MalformedRecordException("a tool call without a function name");
            }
            String id = JsonFields.text(call, "id", at + ".id");
            JsonNode arguments = function.get("arguments");
            if (!JsonFields.isAbsent(arguments) && !arguments.isTextual() && !arguments.isObject()) {
                throw JsonFields.wrongType(at + ".function.arguments", arguments, "a string");
            }
            calls.add(withId(JsonValues.toolCall(id, JsonFields.text(function, "name", at + ".function.name"), arguments),
                    id));
        }
        String toolCallId = JsonFields.text(node, "tool_call_id");
        String name = JsonFields.text(node, "name");
        return new Message(role, text(node.get("content")), calls, toolCallId, role.equals("tool") ? "" : name);
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
    static String text(JsonNode content) throws MalformedRecordException {
        return ContentText.joined(content, "a string or a list of parts", LettaMessages::part);
    }

    /** A part's text; null for a tool call or return, which the message's calls and the tool message are. */
    private static String part(JsonNode part) throws MalformedRecordException {
        JsonFields.isObject(part, "a content part");
        String type = JsonFields.text(part, "type", "a part's type");
        String where = "a " + (type.isEmpty() ? "" : type + " ") + "part's ";
        return switch (type) {
            case "text" -> JsonFields.text(part, "text", where + "text");
            case "reasoning" -> JsonFields.text(part, "reasoning", where + "reasoning");
            case "omitted_reasoning", "redacted_reasoning" -> "[" + type.replace('_', ' ') + "]";
            // The call and its return are the message's tool_calls and the tool message: not text again.
            case "tool_call", "tool_return" -> null;
            default -> "[" + (type.isEmpty() ? "untyped" : type) + " part]";
        };
    }
}
