package dev.tracedeck.importers.responses;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One OpenAI Responses API item to what the history shows. A {@code message} item (or an item without a
 * {@code type} that has a {@code role}, which the API reads as a message) is a message in its role, its content
 * parts joined by newlines with placeholders for what is not text ({@code [image: …]}, {@code [file: …]},
 * {@code [refusal: …]}). A {@code function_call} is a call whose id is its {@code call_id} — not the item's
 * {@code id} ({@code fc_…}) — with {@code arguments}, a JSON string that may not parse, kept as written and parsed
 * when it parses; a {@code custom_tool_call} is a call whose raw input is its text. A {@code function_call_output}
 * or {@code custom_tool_call_output} is a {@code tool} result answering its {@code call_id}. A {@code reasoning}
 * item and the built-in tools' calls ({@code web_search_call}, {@code local_shell_call} …) are placeholders in the
 * assistant's turn: {@code [reasoning: summary]}, {@code [web_search_call: completed]}.
 */
final class ResponseItems {

    /** What an item is to the history. */
    enum Kind {
        /** Part of the assistant's turn: its text, a reasoning placeholder, a call. */
        TURN,
        /** A message in another role (user, system, developer). */
        MESSAGE,
        /** A tool's result. */
        RESULT,
        /** An item that is no message: a built-in tool's output, an item reference. */
        RECORD
    }

    private ResponseItems() {
    }

    /** True when {@code node} is a Responses item: an object with an item {@code type}, or a {@code role}. */
    static boolean isItem(JsonNode node) {
        if (!node.isObject()) {
            return false;
        }
        JsonNode type = node.get("type");
        if (type == null) {
            return node.path("role").isTextual() && node.has("content");
        }
        String t = type.asText("");
        return t.equals("message") && node.path("role").isTextual() || t.equals("function_call")
                || t.equals("function_call_output") || t.equals("reasoning") || t.equals("item_reference")
                || t.endsWith("_call") || t.endsWith("_call_output");
    }

    static Kind kind(JsonNode item) {
        String type = item.path("type").asText("message");
        switch (type) {
            case "message":
                return item.path("role").asText("").equals("assistant") ? Kind.TURN : Kind.MESSAGE;
            case "function_call_output", "custom_tool_call_output":
                return Kind.RESULT;
            case "reasoning":
                return Kind.TURN;
            default:
                return type.endsWith("_call") ? Kind.TURN : Kind.RECORD;
        }
    }

    /** True for an item that calls a tool the history pairs with a result. */
    static boolean isCall(JsonNode item) {
        String type = item.path("type").asText("");
        return type.equals("function_call") || type.equals("custom_tool_call");
    }

    /** A message item (any role). */
    static Message message(JsonNode item) throws MalformedItemException {
        JsonNode role = item.get("role");
        if (role == null || !role.isTextual()) {
            throw new MalformedItemException(role == null ? "message without a role" : "role is not a string");
        }
        return Message.text(role.textValue(), content(item.get("content")));
    }

    /** A {@code function_call} or {@code custom_tool_call}: linked to its output by {@code call_id}. */
    static ToolCall call(JsonNode item) throws MalformedItemException {
        String type = item.path("type").asText("");
        JsonNode callId = item.get("call_id");
        if (callId == null || !callId.isTextual() || callId.textValue().isEmpty()) {
            throw new MalformedItemException(type + " without a call_id");
        }
        JsonNode name = item.get("name");
        if (name == null || !name.isTextual()) {
            throw new MalformedItemException(type + " without a name");
        }
        if (type.equals("custom_tool_call")) {
            return new ToolCall(callId.textValue(), name.textValue(), item.path("input").asText(""), Optional.empty(), false);
        }
        JsonNode args = item.get("arguments");
        if (args == null || args.isNull()) {
            return new ToolCall(callId.textValue(), name.textValue(), "", Optional.empty(), false);
        }
        if (args.isTextual()) {
            return JsonValues.toolCall(callId.textValue(), name.textValue(), args.textValue());
        }
        JsonValue value = JsonValues.from(args);
        return new ToolCall(callId.textValue(), name.textValue(), value.toCompactString(), Optional.of(value), false);
    }

    /** A {@code function_call_output} or {@code custom_tool_call_output}: a {@code tool} result. */
    static Message result(JsonNode item) throws MalformedItemException {
        JsonNode callId = item.get("call_id");
        if (callId == null || !callId.isTextual() || callId.textValue().isEmpty()) {
            throw new MalformedItemException(item.path("type").asText("") + " without a call_id");
        }
        JsonNode output = item.get("output");
        String text;
        if (output == null || output.isNull() || output.isTextual() || output.isArray()) {
            text = content(output);
        } else {
            text = output.toString();
        }
        return new Message("tool", text, List.of(), callId.textValue());
    }

    /** The placeholder a reasoning item or a built-in tool's call leaves in the assistant's turn. */
    static String placeholder(JsonNode item) {
        String type = item.path("type").asText("");
        if (type.equals("reasoning")) {
            StringBuilder summary = new StringBuilder();
            for (JsonNode part : item.path("summary")) {
                String text = part.path("text").asText("");
                if (!text.isEmpty()) {
                    summary.append(summary.isEmpty() ? "" : " ").append(text);
                }
            }
            if (!summary.isEmpty()) {
                return "[reasoning: " + summary + "]";
            }
            return item.path("encrypted_content").isTextual() ? "[reasoning: encrypted]" : "[reasoning]";
        }
        String status = item.path("status").asText("");
        return "[" + type + (status.isEmpty() ? "" : ": " + status) + "]";
    }

    /** Content as text: a string as it is, a list of parts joined by newlines. */
    static String content(JsonNode content) throws MalformedItemException {
        if (content == null || content.isNull() || content.isMissingNode()) {
            return "";
        }
        if (content.isTextual()) {
            return content.textValue();
        }
        if (!content.isArray()) {
            throw new MalformedItemException("content is a " + content.getNodeType().name().toLowerCase(Locale.ROOT)
                    + ", not a string or a list of parts");
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode part : content) {
            if (!out.isEmpty()) {
                out.append('\n');
            }
            out.append(part(part));
        }
        return out.toString();
    }

    private static String part(JsonNode part) {
        if (part.isTextual()) {
            return part.textValue();
        }
        String type = part.path("type").asText("");
        switch (type) {
            case "input_text", "output_text", "text", "summary_text":
                return part.path("text").asText("");
            case "refusal":
                return "[refusal: " + part.path("refusal").asText("") + "]";
            case "input_image":
                String url = part.path("image_url").asText(part.path("file_id").asText(""));
                if (url.startsWith("data:")) {
                    int comma = url.indexOf(',');
                    url = comma < 0 ? "data:" : url.substring(0, comma) + String.format(Locale.ROOT, ", %,d bytes",
                            Math.max(0, (long) (url.length() - comma - 1) * 3 / 4));
                }
                return "[image: " + url + "]";
            case "input_file":
                String name = part.path("filename").asText(part.path("file_id").asText(part.path("file_url").asText("")));
                return "[file: " + name + "]";
            default:
                return "[" + (type.isEmpty() ? "untyped" : type) + " part]";
        }
    }
}
