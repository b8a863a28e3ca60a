package dev.tracedeck.importers.inspect;

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
 * One Inspect {@code ChatMessage} to the model's {@link Message}: {@code role} system, user, assistant or tool;
 * {@code content} a string or a list of {@code Content} ({@code text}, {@code reasoning}, and media shown as a
 * placeholder); an assistant's {@code tool_calls} ({@code id}, {@code function}, {@code arguments} as an object); a
 * tool message's {@code tool_call_id}, and its {@code error} ({@code type}, {@code message}) after its content.
 */
final class InspectMessages {

    private InspectMessages() {
    }

    /** The message. */
    static Message parse(JsonNode node) throws MalformedRecordException {
        if (!node.isObject()) {
            throw new MalformedRecordException("an Inspect message is an object, this is " + JsonFields.kind(node));
        }
        if (JsonFields.isAbsent(node.get("role"))) {
            throw new MalformedRecordException("an Inspect message without a role");
        }
        String role = JsonFields.text(node, "role");
        List<ToolCall> calls = new ArrayList<>();
        JsonNode toolCalls = JsonFields.list(node, "tool_calls");
        for (int i = 0; i < toolCalls.size(); i++) {
            String at = "tool_calls[" + i + "]";
            JsonNode call = JsonFields.isObject(toolCalls.get(i), at);
            if (JsonFields.isAbsent(call.get("function"))) {
                throw new MalformedRecordException("a tool call without a function name");
            }
            String function = JsonFields.text(call, "function", at + ".function");
            JsonFields.object(call, "arguments", at + ".arguments");
            calls.add(JsonValues.toolCall(JsonFields.text(call, "id", at + ".id"), function, call.get("arguments")));
        }
        String content = text(node.get("content"));
        JsonNode error = JsonFields.object(node, "error");
        if (error.isObject()) {
            String said = "[error: " + JsonFields.text(error, "type", "error.type") + ": "
                    + JsonFields.text(error, "message", "error.message") + "]";
            content = content.isEmpty() ? said : content + "\n" + said;
        }
        String toolCallId = JsonFields.text(node, "tool_call_id");
        return new Message(role, content, calls, toolCallId);
    }

    static String text(JsonNode content) throws MalformedRecordException {
        return ContentText.joined(content, "a string or a list of content", InspectMessages::part);
    }

    private static String part(JsonNode part) throws MalformedRecordException {
        JsonFields.isObject(part, "a content part");
        String type = JsonFields.text(part, "type", "a content part's type");
        String where = "a " + (type.isEmpty() ? "" : type + " ") + "part's ";
        return switch (type) {
            case "text" -> JsonFields.text(part, "text", where + "text");
            case "reasoning" -> part.path("redacted").asBoolean(false) ? "[redacted reasoning]"
                    : JsonFields.text(part, "reasoning", where + "reasoning");
            default -> "[" + (type.isEmpty() ? "untyped" : type) + " part]";
        };
    }
}
