package dev.tracedeck.importers.langchain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.ContentText;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.openai.ContentParts;

/**
 * A LangChain message's {@code content} as text: a string as it is; a list (strings and content blocks, as
 * Anthropic-backed and multimodal messages hold it) as its texts joined by newlines, with a short placeholder for
 * what is not text: {@code [tool_use: get_weather]}, {@code [image: https://…]} (Chat Completions parts as
 * {@link ContentParts} shows them), {@code [image part]}.
 */
final class LangChainContent {

    private LangChainContent() {
    }

    static String text(JsonNode content) throws MalformedRecordException {
        return ContentText.joinedSkippingEmpty(content, "a string or a list", LangChainContent::part);
    }

    private static String part(JsonNode part) throws MalformedRecordException {
        if (part.isTextual()) {
            return part.textValue();
        }
        String type = JsonFields.text(part, "type", "a block's type");
        switch (type) {
            case "text", "output_text", "input_text", "text_delta":
                return JsonFields.text(part, "text", "a " + type + " block's text");
            case "tool_use", "tool_call", "server_tool_use":
                String name = JsonFields.text(part, "name", "a " + type + " block's name");
                return "[" + type + ": " + (part.hasNonNull("name") ? name : "?") + "]";
            case "thinking", "reasoning":
                return "[" + type + "]";
            default:
                // OpenAI-backed messages hold Chat Completions parts (image_url, input_audio, file) as they are sent.
                return ContentParts.media(part).orElse("[" + (type.isEmpty() ? "untyped" : type) + " part]");
        }
    }
}
