package dev.tracedeck.importers.spans;

import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.text.PythonText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Messages recorded as one JSON value: the GenAI conventions' {@code gen_ai.input.messages},
 * {@code gen_ai.output.messages} and {@code gen_ai.system_instructions} (a JSON string on spans, a structured value
 * on events), and the older {@code gen_ai.prompt} / {@code gen_ai.completion} of semantic conventions 1.2x.
 *
 * <p>A message is {@code {role, parts: [...]}}: {@code text} parts are its content, joined by newlines;
 * {@code tool_call} parts ({@code id, name, arguments}) its calls; each {@code tool_call_response} part
 * ({@code id, response}, or {@code result} as Pydantic AI writes it) is a tool result of its own answering {@code id}, ahead of the rest of the message, since a
 * message answers one call (an Anthropic-style {@code user} message may answer several). What is not text reads as
 * a placeholder: {@code [reasoning: 1,234 characters]}, {@code [blob: image, image/png, 12,345 bytes]},
 * {@code [uri: image, https://…]}, {@code [file: file-abc]}, {@code [server_tool_call: code_interpreter]} (a tool the
 * provider ran, which the client never answers). A message in the Chat Completions shape instead
 * ({@code {role, content, tool_calls, tool_call_id}}, as some instrumentations write these attributes) is read as
 * such.
 */
public final class GenAiMessages {

    private GenAiMessages() {
    }

    /**
     * The messages an attribute holds. {@code lenient} is for the older free-form {@code gen_ai.prompt} /
     * {@code gen_ai.completion}: text that is no JSON, or an object without a role ({@code {"text": …}}), is one
     * message of {@code role}; otherwise such an attribute is a {@link AttributeMessage.Problem}.
     */
    static List<AttributeMessage> read(Attribute attribute, String role, boolean lenient) {
        List<AttributeMessage> found = new ArrayList<>();
        JsonValue value = attribute.value();
        if (value instanceof JsonValue.JsonString s) {
            Optional<JsonValue> parsed = JsonValues.tryParse(s.value());
            if (parsed.isEmpty() || parsed.get() instanceof JsonValue.JsonString) {
                if (lenient) {
                    found.add(new AttributeMessage.Msg(Message.text(role, s.value()), attribute.pointer(), s.value()));
                } else {
                    found.add(new AttributeMessage.Problem(attribute.pointer(), s.value(), attribute.key()
                            + " is not a JSON list of messages"));
                }
                return found;
            }
            value = parsed.get();
        }
        List<JsonValue> items = value instanceof JsonValue.JsonArray a ? a.items() : List.of(value);
        for (JsonValue item : items) {
            if (!(item instanceof JsonValue.JsonObject m)) {
                found.add(new AttributeMessage.Problem(attribute.pointer(), item.toCompactString(), attribute.key()
                        + " holds a " + kind(item) + " where a message object belongs"));
            } else if (lenient && m.get("role").isEmpty() && m.get("parts").isEmpty()) {
                String text = text(m.get("content").or(() -> m.get("text")).orElse(JsonValue.JsonNull.INSTANCE));
                found.add(new AttributeMessage.Msg(Message.text(role, text), attribute.pointer(), m.toCompactString()));
            } else {
                for (Message message : messages(m, role)) {
                    found.add(new AttributeMessage.Msg(message, attribute.pointer(), m.toCompactString()));
                }
            }
        }
        return found;
    }

    /**
     * {@code gen_ai.system_instructions}: a list of parts (not of messages), read as one {@code system} message;
     * plain text as that text.
     */
    static List<AttributeMessage> instructions(Attribute attribute) {
        JsonValue value = attribute.value();
        if (value instanceof JsonValue.JsonString s) {
            value = JsonValues.tryParse(s.value()).filter(v -> v instanceof JsonValue.JsonArray).orElse(value);
        }
        Message message = value instanceof JsonValue.JsonArray parts
                ? messages(new JsonValue.JsonObject(Map.of("role", JsonValue.of("system"), "parts", parts)), "system").get(0)
                : Message.text("system", text(value));
        return List.of(new AttributeMessage.Msg(message, attribute.pointer(), attribute.text()));
    }

    /** One message object as the model's messages: its tool results first, then the rest of it. */
    public static List<Message> messages(JsonValue.JsonObject m, String defaultRole) {
        String role = string(m, "role").orElse(defaultRole);
        if (m.get("parts").isEmpty()) {
            return List.of(chatCompletionsShape(m, role));
        }
        StringBuilder text = new StringBuilder();
        List<ToolCall> calls = new ArrayList<>();
        List<Message> messages = new ArrayList<>();
        List<JsonValue> parts = m.get("parts").get() instanceof JsonValue.JsonArray a ? a.items() : List.of(m.get("parts").get());
        for (JsonValue part : parts) {
            String type = string(part, "type").orElse("");
            if (type.equals("tool_call")) {
                calls.add(call(callId(part), string(part, "name").orElse(""), part.get("arguments")));
            } else if (type.equals("tool_call_response")) {
                // The conventions name it response; Pydantic AI writes result.
                JsonValue response = part.get("response").or(() -> part.get("result")).orElse(JsonValue.JsonNull.INSTANCE);
                messages.add(new Message(role, text(response), List.of(), callId(part)));
            } else {
                String piece = part(part, type);
                text.append(text.isEmpty() || piece.isEmpty() ? "" : "\n").append(piece);
            }
        }
        if (!text.isEmpty() || !calls.isEmpty() || messages.isEmpty()) {
            messages.add(new Message(role, text.toString(), calls, ""));
        }
        return messages;
    }

    /**
     * A part's call id: a string; or, as the Microsoft Agent Framework writes it, the list of the run's and the
     * call's ids ({@code ["run_…", "call_…"]}), whose call id is the one that names a call, else the last.
     */
    private static String callId(JsonValue part) {
        if (part.get("id").orElse(null) instanceof JsonValue.JsonArray ids) {
            List<String> texts = ids.items().stream().filter(v -> v instanceof JsonValue.JsonString)
                    .map(v -> ((JsonValue.JsonString) v).value()).toList();
            return texts.stream().filter(id -> id.startsWith("call_")).findFirst()
                    .orElse(texts.isEmpty() ? "" : texts.get(texts.size() - 1));
        }
        return string(part, "id").orElse("");
    }

    /** {@code {role, content, tool_calls: [{id, function: {name, arguments}}], tool_call_id}}. */
    private static Message chatCompletionsShape(JsonValue.JsonObject m, String role) {
        String content = m.get("content").map(GenAiMessages::content).orElse("");
        List<ToolCall> calls = new ArrayList<>();
        if (m.get("tool_calls").orElse(null) instanceof JsonValue.JsonArray list) {
            for (JsonValue c : list.items()) {
                JsonValue f = c.get("function").orElse(c);
                calls.add(call(string(c, "id").orElse(""), string(f, "name").orElse(""), f.get("arguments")));
            }
        }
        String answers = string(m, "tool_call_id").orElse(role.equals("tool") ? string(m, "id").orElse("") : "");
        return new Message(role, content, calls, answers);
    }

    /** A content that is a string, or a list of Chat Completions or GenAI parts. */
    public static String content(JsonValue content) {
        if (!(content instanceof JsonValue.JsonArray parts)) {
            return text(content);
        }
        StringBuilder out = new StringBuilder();
        for (JsonValue part : parts.items()) {
            String piece = part(part, string(part, "type").orElse(""));
            out.append(out.isEmpty() || piece.isEmpty() ? "" : "\n").append(piece);
        }
        return out.toString();
    }

    /** A part that is not a call or a result, as text or a placeholder. */
    private static String part(JsonValue part, String type) {
        if (!(part instanceof JsonValue.JsonObject)) {
            return text(part);
        }
        switch (type) {
            case "text", "input_text", "output_text":
                return string(part, "content").or(() -> string(part, "text")).orElse("");
            case "reasoning", "thinking":
                int length = PythonText.length(string(part, "content").or(() -> string(part, "text")).orElse(""));
                return String.format(Locale.ROOT, "[reasoning: %,d characters]", length);
            case "blob":
                return "[blob: " + string(part, "modality").orElse("?") + ", " + string(part, "mime_type").orElse("?")
                        + ", " + base64Size(string(part, "content").orElse("")) + "]";
            case "uri":
                return "[uri: " + string(part, "modality").orElse("?") + ", " + string(part, "uri").orElse("") + "]";
            case "file":
                return "[file: " + string(part, "file_id").orElse("?") + "]";
            case "server_tool_call":
                return "[server_tool_call: " + string(part, "name").orElse("?") + "]";
            case "server_tool_call_response":
                return "[server_tool_call_response: " + string(part, "id").orElse("?") + "]";
            default:
                return "[" + (type.isEmpty() ? "untyped" : type) + " part]";
        }
    }

    /** A call whose arguments are an object (GenAI) or a JSON string (Chat Completions): raw text kept as written. */
    public static ToolCall call(String id, String name, Optional<JsonValue> arguments) {
        JsonValue args = arguments.orElse(JsonValue.JsonNull.INSTANCE);
        if (args instanceof JsonValue.JsonNull) {
            return new ToolCall(id, name, "", Optional.empty(), false);
        }
        if (args instanceof JsonValue.JsonString s) {
            return JsonValues.toolCall(id, name, s.value());
        }
        return new ToolCall(id, name, args.toCompactString(), Optional.of(args), false);
    }

    /** A string as it is, null as "", anything else as compact JSON. */
    public static String text(JsonValue v) {
        return v instanceof JsonValue.JsonString s ? s.value() : v instanceof JsonValue.JsonNull ? "" : v.toCompactString();
    }

    static Optional<String> string(JsonValue v, String key) {
        return v.get(key).flatMap(x -> x instanceof JsonValue.JsonString s ? Optional.of(s.value()) : Optional.empty());
    }

    private static String kind(JsonValue v) {
        return v instanceof JsonValue.JsonArray ? "list" : v instanceof JsonValue.JsonString ? "string"
                : v instanceof JsonValue.JsonNull ? "null" : "scalar";
    }

    private static String base64Size(String data) {
        int pad = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
        return String.format(Locale.ROOT, "%,d bytes", Math.max(0, (long) data.length() * 3 / 4 - pad));
    }
}
