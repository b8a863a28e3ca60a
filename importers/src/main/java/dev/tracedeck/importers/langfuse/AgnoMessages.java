package dev.tracedeck.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.smolagents.PythonLiteral;
import dev.tracedeck.importers.spans.GenAiMessages;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Agno's messages as its OpenInference instrumentation records a model call's input: each message the text Python's
 * {@code str()} gives of Agno's pydantic {@code Message}, its fields one after another as {@code name=repr(value)}
 * ({@code role='tool' content='…' name=None tool_call_id='call_1' tool_calls=None … metrics=MessageMetrics(…)
 * created_at=1749650494}). The role, content, calls ({@code tool_calls}: Chat Completions' dicts) and the call a
 * result answers ({@code tool_call_id}, with {@code tool_name}) are read; the other fields are passed over, a value
 * that is no literal ({@code MessageMetrics(…)}) by its brackets. Text that does not read so is no Agno message.
 */
final class AgnoMessages {

    private AgnoMessages() {
    }

    /** True when {@code text} starts as an Agno message's {@code str()} does. */
    static boolean looksLikeOne(String text) {
        return text.startsWith("role='") && text.contains(" content=");
    }

    /** The message {@code text} is, if it reads as one. */
    static Optional<Message> read(String text) throws MalformedRecordException {
        Map<String, JsonNode> fields = fields(text);
        JsonNode role = fields.get("role");
        if (role == null || !role.isTextual() || !fields.containsKey("content")) {
            return Optional.empty();
        }
        JsonNode content = fields.get("content");
        String body = content.isNull() ? "" : content.isTextual() ? content.textValue()
                : GenAiMessages.content(JsonValues.from(content));
        List<ToolCall> calls = new ArrayList<>();
        JsonNode toolCalls = fields.get("tool_calls");
        if (toolCalls != null && !toolCalls.isNull() && !toolCalls.isArray()) {
            throw JsonFields.wrongType("tool_calls", toolCalls, "a list");
        }
        if (toolCalls != null && toolCalls.isArray()) {
            for (int i = 0; i < toolCalls.size(); i++) {
                String at = "tool_calls[" + i + "]";
                JsonNode c = JsonFields.isObject(toolCalls.get(i), at);
                JsonNode f = JsonFields.object(c, "function", at + ".function");
                calls.add(JsonValues.toolCall(JsonFields.text(c, "id", at + ".id"),
                        f.isObject() ? JsonFields.text(f, "name", at + ".function.name") : "", f.get("arguments")));
            }
        }
        String answers = text(fields.get("tool_call_id"), "tool_call_id");
        String name = text(fields.get("tool_name"), "tool_name");
        return Optional.of(new Message(role.textValue(), body, calls, answers, name));
    }

    private static String text(JsonNode v, String field) throws MalformedRecordException {
        if (v != null && !v.isNull() && !v.isTextual()) {
            throw JsonFields.wrongType(field, v, "a string");
        }
        return v != null && v.isTextual() ? v.textValue() : "";
    }

    /** The {@code name=value} fields whose value is a literal; others are stepped over. */
    private static Map<String, JsonNode> fields(String text) {
        Map<String, JsonNode> fields = new HashMap<>();
        int at = 0;
        while (at < text.length()) {
            int eq = text.indexOf('=', at);
            if (eq < 0) {
                break;
            }
            String name = text.substring(at, eq).strip();
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                return fields;
            }
            Optional<PythonLiteral.Prefix> value = PythonLiteral.readAt(text, eq + 1);
            int end;
            if (value.isPresent()) {
                fields.put(name, value.get().value());
                end = value.get().end();
            } else {
                end = skipValue(text, eq + 1);
                if (end < 0) {
                    return fields;
                }
            }
            if (end < text.length() && text.charAt(end) != ' ') {
                return fields;
            }
            at = end + 1;
        }
        return fields;
    }

    /** Past a value that is no literal: a name, with its brackets when it is a call ({@code MessageMetrics(…)}). */
    private static int skipValue(String text, int from) {
        int at = from;
        while (at < text.length() && (Character.isJavaIdentifierPart(text.charAt(at)) || text.charAt(at) == '.')) {
            at++;
        }
        if (at == from) {
            return -1;
        }
        if (at >= text.length() || text.charAt(at) != '(') {
            return at;
        }
        int depth = 0;
        char quote = 0;
        for (; at < text.length(); at++) {
            char c = text.charAt(at);
            if (quote != 0) {
                if (c == '\\') {
                    at++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
                if (depth == 0) {
                    return at + 1;
                }
            }
        }
        return -1;
    }
}
