package dev.tracedeck.importers.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.ContentText;
import dev.tracedeck.importers.MalformedRecordException;
import java.util.Locale;

/**
 * Anthropic content as text: a string as it is; a list of blocks as their texts joined by newlines, with a
 * placeholder for what is not text, so a reader (and a rule measuring a tool's output) sees that it was there
 * without megabytes of base64: {@code [image: image/png, 12,345 bytes]}, {@code [image: https://…]},
 * {@code [document: title]}, {@code [thinking: 1,234 characters]}, {@code [redacted thinking]},
 * {@code [server_tool_use: web_search {"query":…}]}, {@code [web_search_tool_result for srvtoolu_…]},
 * {@code [tool_reference: Read]}. {@code tool_use} and {@code tool_result} blocks are not text: the caller makes
 * them calls and results.
 */
final class ContentBlocks {

    private ContentBlocks() {
    }

    /** @throws MalformedRecordException for content that is neither a string, null, nor a list of blocks */
    static String text(JsonNode content) throws MalformedRecordException {
        return ContentText.joined(content, "a string or a list of blocks", ContentBlocks::block);
    }

    static void append(StringBuilder out, String text) {
        if (!out.isEmpty()) {
            out.append('\n');
        }
        out.append(text);
    }

    /** One block that is not a {@code tool_use} or {@code tool_result}, as text. */
    static String block(JsonNode block) {
        if (block.isTextual()) {
            return block.textValue();
        }
        String type = block.path("type").asText("");
        switch (type) {
            case "text":
                return block.path("text").asText("");
            case "image":
                return "[image: " + source(block.path("source")) + "]";
            case "document":
                String title = block.path("title").asText("");
                return "[document: " + (title.isEmpty() ? source(block.path("source")) : title) + "]";
            case "thinking":
                return String.format(Locale.ROOT, "[thinking: %,d characters]", block.path("thinking").asText("").length());
            case "redacted_thinking":
                return "[redacted thinking]";
            case "server_tool_use":
                return "[server_tool_use: " + block.path("name").asText("") + " " + block.path("input") + "]";
            case "tool_reference":
                return "[tool_reference: " + block.path("tool_name").asText(block.path("name").asText("")) + "]";
            case "search_result":
                return "[search_result: " + block.path("title").asText("") + "]";
            default:
                if (type.endsWith("_tool_result")) {
                    return "[" + type + " for " + block.path("tool_use_id").asText("") + "]";
                }
                return "[" + (type.isEmpty() ? "untyped" : type) + " block]";
        }
    }

    /** An image's or document's source: its URL, its file id, or its media type and decoded size. */
    private static String source(JsonNode source) {
        switch (source.path("type").asText("")) {
            case "url":
                return source.path("url").asText("");
            case "file":
                return source.path("file_id").asText("");
            case "text":
                return "text, " + String.format(Locale.ROOT, "%,d characters", source.path("data").asText("").length());
            default:
                String data = source.path("data").asText("");
                int pad = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
                long bytes = Math.max(0, (long) data.length() * 3 / 4 - pad);
                return source.path("media_type").asText("?") + String.format(Locale.ROOT, ", %,d bytes", bytes);
        }
    }
}
