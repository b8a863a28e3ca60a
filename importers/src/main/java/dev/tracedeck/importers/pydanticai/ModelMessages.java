package dev.tracedeck.importers.pydanticai;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.recorded.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * One Pydantic AI {@code ModelMessage} as {@code ModelMessagesTypeAdapter} dumps it ({@code pydantic_ai/messages.py})
 * to what the history shows. A {@code ModelResponse} ({@code kind: response}) is one assistant message: its
 * {@code text} parts its content, its {@code tool-call} parts its calls ({@code tool_name}, {@code args} a JSON
 * string or an object, {@code tool_call_id}; the typed calls of tool search and deferred capabilities are such parts,
 * told apart by their {@code tool_kind}), a {@code speech} part its transcript, thinking, built-in tools, files and a
 * {@code compaction} summary as placeholders. A {@code ModelRequest} ({@code kind: request}) is one message per part,
 * each with the request's index: a {@code system-prompt} or {@code instruction} part in the system role, a
 * {@code user-prompt} in the user's (its content a string or a list of strings and files, shown as
 * {@code [image-url: …]}), a {@code speech} part (the user's spoken turn of a realtime session) in the user's with its
 * {@code transcript}, a {@code tool-return} a result
 * answering its {@code tool_call_id} ({@code [failed]} / {@code [denied]} / {@code [interrupted]} before it when its
 * {@code outcome} says so), a {@code retry-prompt} for a tool call a result of it too, prefixed {@code [retry]} (the
 * model is told its call failed validation), else the user's feedback on its output.
 */
final class ModelMessages {

    /** A request part that is no message: it shapes the request, the model reads nothing of it. */
    private static final Set<String> NOT_MESSAGES = Set.of("tool-availability-delta", "cache-point");

    private ModelMessages() {
    }

    /**
     * One part of a message as a message of the history.
     *
     * @param pointer where it is in the message ({@code /parts/2}), "" for the whole message
     */
    record Part(String pointer, Message message) {
    }

    static boolean isMessage(JsonNode node) {
        JsonNode kind = node.path("kind");
        boolean known = kind.isTextual() && (kind.textValue().equals("request") || kind.textValue().equals("response"));
        // One whose kind or parts broke is a message that broke, which parts says.
        return node.isObject() && node.has("parts") && (known || !kind.isTextual() && !kind.isMissingNode());
    }

    static boolean isResponse(JsonNode node) {
        return node.path("kind").asText("").equals("response");
    }

    /** A request's parts, or a response as one assistant message. */
    static List<Part> parts(JsonNode message) throws MalformedRecordException {
        String kind = JsonFields.text(message, "kind");
        if (!kind.equals("request") && !kind.equals("response")) {
            throw new MalformedRecordException("kind is " + (kind.isEmpty() ? "missing" : "\"" + kind + "\"")
                    + ", not request or response");
        }
        if (!message.path("parts").isArray()) {
            throw JsonFields.wrongType("parts", message.get("parts"), "a list");
        }
        for (String field : List.of("timestamp", "model_name", "conversation_id", "instructions", "state",
                "provider_name")) {
            JsonFields.text(message, field);
        }
        JsonFields.object(message, "usage");
        JsonNode list = message.get("parts");
        for (int i = 0; i < list.size(); i++) {
            String at = "parts[" + i + "]";
            JsonNode part = JsonFields.isObject(list.get(i), at);
            for (String field : List.of("part_kind", "tool_name", "tool_call_id", "outcome", "transcript", "timestamp")) {
                JsonFields.text(part, field, at + "." + field);
            }
        }
        return isResponse(message) ? List.of(new Part("", response(message))) : request(message);
    }

    private static List<Part> request(JsonNode request) throws MalformedRecordException {
        List<Part> parts = new ArrayList<>();
        JsonNode list = request.path("parts");
        for (int i = 0; i < list.size(); i++) {
            JsonNode part = list.get(i);
            String kind = part.path("part_kind").asText("");
            if (NOT_MESSAGES.contains(kind)) {
                continue;
            }
            parts.add(new Part("/parts/" + i, requestPart(part, kind, i)));
        }
        return parts;
    }

    private static Message requestPart(JsonNode part, String kind, int index) throws MalformedRecordException {
        switch (kind) {
            case "system-prompt", "instruction":
                return Message.text("system", JsonFields.text(part, "content", "parts[" + index + "].content"));
            case "user-prompt":
                return Message.text("user", userContent(part.get("content"), index));
            case "speech":
                return Message.text("user", speech(part));
            case "tool-return":
                String outcome = part.path("outcome").asText("success");
                String prefix = outcome.equals("success") ? "" : "[" + outcome + "] ";
                return new Message("tool", prefix + value(part.get("content")), List.of(), callId(part, index));
            case "retry-prompt":
                String feedback = value(part.get("content"));
                if (part.path("tool_name").isTextual()) {
                    return new Message("tool", "[retry] " + feedback, List.of(), callId(part, index));
                }
                return Message.text("user", feedback);
            default:
                throw new MalformedRecordException("parts[" + index + "] has part_kind "
                        + (kind.isEmpty() ? "none" : "\"" + kind + "\"") + ", which a request does not hold");
        }
    }

    private static String callId(JsonNode part, int index) throws MalformedRecordException {
        JsonNode id = part.get("tool_call_id");
        if (id == null || !id.isTextual() || id.textValue().isEmpty()) {
            throw new MalformedRecordException("parts[" + index + "] is a " + part.path("part_kind").asText()
                    + " without a tool_call_id");
        }
        return id.textValue();
    }

    private static Message response(JsonNode response) throws MalformedRecordException {
        StringBuilder text = new StringBuilder();
        List<ToolCall> calls = new ArrayList<>();
        JsonNode list = response.path("parts");
        for (int i = 0; i < list.size(); i++) {
            JsonNode part = list.get(i);
            String kind = part.path("part_kind").asText("");
            switch (kind) {
                case "text" -> append(text, JsonFields.text(part, "content", "parts[" + i + "].content"));
                case "tool-call" -> {
                    if (!part.path("tool_name").isTextual()) {
                        throw new MalformedRecordException("parts[" + i + "] is a tool-call without a tool_name");
                    }
                    JsonNode args = part.get("args");
                    if (!JsonFields.isAbsent(args) && !args.isTextual() && !args.isObject()) {
                        throw JsonFields.wrongType("parts[" + i + "].args", args, "a JSON string or an object");
                    }
                    calls.add(JsonValues.toolCall(part.path("tool_call_id").asText(""), part.path("tool_name").textValue(),
                            args));
                }
                case "thinking" -> append(text, String.format(Locale.ROOT, "[thinking: %,d characters]",
                        JsonFields.text(part, "content", "parts[" + i + "].content").length()));
                case "builtin-tool-call", "builtin-tool-return" -> append(text, "[" + kind + ": "
                        + part.path("tool_name").asText("") + "]");
                case "file" -> append(text, "[file: " + part.path("content").path("media_type").asText("") + "]");
                case "speech" -> append(text, speech(part));
                case "compaction" -> append(text, part.path("content").isTextual()
                        ? "[compaction: " + part.path("content").textValue() + "]" : "[compaction]");
                default -> append(text, "[" + (kind.isEmpty() ? "untyped" : kind) + " part]");
            }
        }
        return new Message("assistant", text.toString(), calls, "");
    }

    /** A spoken turn: its transcript, or {@code [speech]} where none was made. */
    private static String speech(JsonNode part) {
        JsonNode transcript = part.path("transcript");
        return transcript.isTextual() ? transcript.textValue() : "[speech]";
    }

    /** A user prompt: a string, or a list of strings and files ({@code [image-url: URL]}, {@code [binary: image/png]}). */
    private static String userContent(JsonNode content, int index) throws MalformedRecordException {
        String where = "parts[" + index + "].content";
        if (content == null || content.isNull()) {
            return "";
        }
        if (!content.isArray()) {
            if (!content.isTextual()) {
                throw JsonFields.wrongType(where, content, "a string or a list");
            }
            return content.textValue();
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < content.size(); i++) {
            JsonNode item = content.get(i);
            String at = where + "[" + i + "]";
            if (item.isTextual()) {
                append(text, item.textValue());
                continue;
            }
            JsonFields.isObject(item, at);
            for (String field : List.of("kind", "url", "media_type", "file_id")) {
                JsonFields.text(item, field, at + "." + field);
            }
            if (item.path("kind").asText("").equals("text-content")) {
                append(text, JsonFields.text(item, "content", at + ".content"));
            } else if (!item.path("kind").asText("").equals("cache-point")) {
                String kind = item.path("kind").asText("file");
                String what = item.path("url").asText(item.path("media_type").asText(item.path("file_id").asText("")));
                append(text, "[" + kind + (what.isEmpty() ? "" : ": " + what) + "]");
            }
        }
        return text.toString();
    }

    /** A tool's return value or a retry's feedback: a string as it is, anything else as its JSON. */
    private static String value(JsonNode content) {
        if (content == null || content.isNull()) {
            return "";
        }
        return content.isTextual() ? content.textValue() : content.toString();
    }

    private static void append(StringBuilder text, String piece) {
        if (!piece.isEmpty()) {
            text.append(text.isEmpty() ? "" : "\n").append(piece);
        }
    }

    /**
     * A response's {@code usage} as billed: {@code input_tokens} (before v0.7 {@code request_tokens}) holds the cache
     * reads and writes, {@code output_tokens} (before, {@code response_tokens}) the answer. None without an input count.
     */
    static Optional<TokenUsage> usage(JsonNode usage) {
        if (usage == null || !usage.isObject()) {
            return Optional.empty();
        }
        JsonNode input = usage.has("input_tokens") ? usage.get("input_tokens") : usage.get("request_tokens");
        if (input == null || !input.canConvertToLong()) {
            return Optional.empty();
        }
        long prompt = Math.max(0, input.asLong());
        long read = Math.min(prompt, count(usage, "cache_read_tokens"));
        long write = Math.min(prompt - read, count(usage, "cache_write_tokens"));
        JsonNode output = usage.has("output_tokens") ? usage.get("output_tokens") : usage.get("response_tokens");
        return Optional.of(new TokenUsage(prompt, read, write, output != null && output.canConvertToLong()
                ? Math.max(0, output.asLong()) : 0));
    }

    private static long count(JsonNode usage, String field) {
        JsonNode v = usage.path(field);
        return v.canConvertToLong() ? Math.max(0, v.asLong()) : 0;
    }
}
