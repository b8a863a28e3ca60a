package dev.tracedeck.importers;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A message's {@code content} as one text, as the chat formats write it: absent or null is "", a string is itself, a
 * list is its parts' texts joined by newlines. What a part reads as (its text, or a placeholder for an image, a
 * document, a refusal) is each format's own; anything else than these three shapes is a malformed record.
 */
public final class ContentText {

    /** One part of a list as text, as the format reads it; null for a part that is shown elsewhere (left out). */
    @FunctionalInterface
    public interface PartText {
        String of(JsonNode part) throws MalformedRecordException;
    }

    private ContentText() {
    }

    /**
     * Every part, an empty one too, gives a line.
     *
     * @param expected what content must be, for the error: "a string or a list of parts"
     * @throws MalformedRecordException for content that is none of the shapes, saying what it is and {@code expected}
     */
    public static String joined(JsonNode content, String expected, PartText part) throws MalformedRecordException {
        return join(content, expected, part, false);
    }

    /** As {@link #joined}, leaving out the parts that read as "" (blocks that carry nothing to show). */
    public static String joinedSkippingEmpty(JsonNode content, String expected, PartText part) throws MalformedRecordException {
        return join(content, expected, part, true);
    }

    private static String join(JsonNode content, String expected, PartText part, boolean skipEmpty)
            throws MalformedRecordException {
        if (content == null || content.isNull() || content.isMissingNode()) {
            return "";
        }
        if (content.isTextual()) {
            return content.textValue();
        }
        if (!content.isArray()) {
            throw MalformedRecordException.wrongType("content", content, expected);
        }
        StringBuilder out = new StringBuilder();
        int index = 0;
        for (JsonNode p : content) {
            if (!p.isObject() && !p.isTextual()) {
                throw MalformedRecordException.wrongType("content[" + index + "]", p, "a part (an object or a string)");
            }
            index++;
            String text = part.of(p);
            if (text == null || skipEmpty && text.isEmpty()) {
                continue;
            }
            if (!out.isEmpty()) {
                out.append('\n');
            }
            out.append(text);
        }
        return out.toString();
    }
}
