package dev.tracedeck.importers.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One Anthropic Messages API message ({@code {"role", "content"}}) to the model's {@link Message}s. An assistant
 * message is one message: its text blocks (and placeholders, see {@link ContentBlocks}) are its content, its
 * {@code tool_use} blocks its calls ({@code id}, {@code name}, {@code input} — an object, kept as its compact JSON
 * text and parsed). A message with {@code tool_result} blocks (a user message answering calls, several results
 * at once for parallel calls) is split in block order: each {@code tool_result} is a result of its own, in the
 * message's role, answering {@code tool_use_id}, with its content as text ({@code is_error: true} prefixes
 * {@code [error] }); each run of other blocks between them is one message. The parts keep the message's role and
 * index, so the rules can tell one message from the next.
 */
public final class AnthropicMessages {

    private AnthropicMessages() {
    }

    /**
     * One part of a message.
     *
     * @param pointer where the part is inside the message: "" for the whole message, {@code /content/2} for a block
     * @param message the part as a message
     */
    public record Part(String pointer, Message message) {
        public Part {
            Objects.requireNonNull(pointer);
            Objects.requireNonNull(message);
        }
    }

    /**
     * True when {@code node} is meant as a message: an object with a {@code role} and a {@code content}. One whose role
     * is not a string is a message that broke, which {@link #parse} says.
     */
    public static boolean isMessage(JsonNode node) {
        return node.isObject() && node.has("role") && node.has("content");
    }

    /** The top-level {@code system} prompt (a string or a list of text blocks) as a {@code system} message. */
    public static Message system(JsonNode system) throws MalformedRecordException {
        return Message.text("system", ContentBlocks.text(system));
    }

    public static List<Part> parse(JsonNode node) throws MalformedRecordException {
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
        JsonNode content = node.get("content");
        if (content == null) {
            throw new MalformedRecordException("message without content");
        }
        if (!content.isArray()) {
            return List.of(new Part("", Message.text(role.textValue(), ContentBlocks.text(content))));
        }
        boolean results = false;
        for (int i = 0; i < content.size(); i++) {
            results |= type(content.get(i), i).equals("tool_result");
        }
        List<Part> parts = new ArrayList<>();
        Run run = new Run();
        for (int i = 0; i < content.size(); i++) {
            JsonNode block = content.get(i);
            String type = type(block, i);
            if (type.equals("tool_result")) {
                run.flush(parts, role.textValue(), true);
                parts.add(new Part("/content/" + i, result(block, i, role.textValue())));
            } else {
                if (run.first < 0) {
                    run.first = i;
                }
                if (type.equals("tool_use")) {
                    run.calls.add(call(block, i));
                } else {
                    ContentBlocks.append(run.text, ContentBlocks.block(block));
                }
            }
        }
        run.flush(parts, role.textValue(), results);
        if (parts.isEmpty()) {
            parts.add(new Part("", new Message(role.textValue(), "", List.of(), "")));
        }
        return parts;
    }

    /** A block's type ("" for a block written as a plain string, which is text); a block is an object or a string. */
    private static String type(JsonNode block, int index) throws MalformedRecordException {
        if (block.isTextual()) {
            return "";
        }
        return JsonFields.text(JsonFields.isObject(block, "content[" + index + "]"), "type", "content[" + index + "].type");
    }

    /** Consecutive blocks that are not tool results: one message. */
    private static final class Run {
        int first = -1;
        final StringBuilder text = new StringBuilder();
        final List<ToolCall> calls = new ArrayList<>();

        void flush(List<Part> parts, String role, boolean split) {
            if (first >= 0) {
                parts.add(new Part(split ? "/content/" + first : "", new Message(role, text.toString(), calls, "")));
            }
            first = -1;
            text.setLength(0);
            calls.clear();
        }
    }

    private static Message result(JsonNode block, int index, String role) throws MalformedRecordException {
        String id = JsonFields.text(block, "tool_use_id", "content[" + index + "].tool_use_id");
        if (id.isEmpty()) {
            throw new MalformedRecordException("content[" + index + "] is a tool_result without a tool_use_id");
        }
        String text = ContentBlocks.text(block.get("content"));
        if (block.path("is_error").asBoolean(false)) {
            text = "[error] " + text;
        }
        return new Message(role, text, List.of(), id);
    }

    private static ToolCall call(JsonNode block, int index) throws MalformedRecordException {
        JsonNode id = block.get("id");
        JsonNode name = block.get("name");
        if (JsonFields.isAbsent(id) || JsonFields.isAbsent(name)) {
            throw new MalformedRecordException("content[" + index + "] is a tool_use without "
                    + (JsonFields.isAbsent(id) ? "an id" : "a name"));
        }
        JsonFields.text(block, "id", "content[" + index + "].id");
        JsonFields.text(block, "name", "content[" + index + "].name");
        JsonNode input = block.get("input");
        if (input == null || input.isNull()) {
            return new ToolCall(id.textValue(), name.textValue(), "", Optional.empty(), false);
        }
        if (input.isTextual()) {
            // A client that kept the streamed partial_json as text: parse it when it parses.
            return JsonValues.toolCall(id.textValue(), name.textValue(), input.textValue());
        }
        if (!input.isObject()) {
            throw JsonFields.wrongType("content[" + index + "].input", input, "an object");
        }
        JsonValue value = JsonValues.from(input);
        return new ToolCall(id.textValue(), name.textValue(), value.toCompactString(), Optional.of(value), false);
    }
}
