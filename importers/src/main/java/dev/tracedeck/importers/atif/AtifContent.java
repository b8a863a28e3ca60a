package dev.tracedeck.importers.atif;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;

/**
 * ATIF text as the model read it: a {@code message} or a result's {@code content} is a string, or (v1.6 on) a list
 * of content parts, {@code {"type": "text", "text"}} and {@code {"type": "image", "source": {"media_type", "path"}}},
 * joined by newlines with {@code [image: path]} for an image, never its data.
 */
final class AtifContent {

    private AtifContent() {
    }

    static String text(JsonNode content) {
        if (content == null || content.isNull() || content.isMissingNode()) {
            return "";
        }
        if (content.isTextual()) {
            return content.textValue();
        }
        if (!content.isArray()) {
            return content.toString();
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode part : content) {
            String piece = part(part);
            if (!piece.isEmpty()) {
                out.append(out.isEmpty() ? "" : "\n").append(piece);
            }
        }
        return out.toString();
    }

    /**
     * Says why a message or a result's content is not ATIF's: neither a string nor a list of parts, a part neither a
     * string nor an object, a part's type or text not a string.
     */
    static void check(JsonNode content, String where) throws MalformedRecordException {
        if (JsonFields.isAbsent(content) || content.isTextual()) {
            return;
        }
        if (!content.isArray()) {
            throw JsonFields.wrongType(where, content, "a string or a list of parts");
        }
        for (int i = 0; i < content.size(); i++) {
            JsonNode part = content.get(i);
            String at = where + "[" + i + "]";
            if (part.isTextual()) {
                continue;
            }
            JsonFields.isObject(part, at);
            JsonFields.text(part, "type", at + ".type");
            JsonFields.text(part, "text", at + ".text");
            JsonNode source = JsonFields.object(part, "source", at + ".source");
            for (String field : new String[] {"path", "url", "media_type"}) {
                JsonFields.text(source, field, at + ".source." + field);
            }
        }
    }

    private static String part(JsonNode part) {
        if (part.isTextual()) {
            return part.textValue();
        }
        String type = part.path("type").asText("text");
        if (type.equals("text")) {
            return part.path("text").asText("");
        }
        JsonNode source = part.path("source");
        String where = source.path("path").asText(source.path("url").asText(source.path("media_type").asText("")));
        return "[" + type + (where.isEmpty() ? "" : ": " + where) + "]";
    }

    /**
     * What a result's {@code subagent_trajectory_ref} points at, to show beside its content:
     * {@code [subagent trajectory: session_id, trajectory_id, trajectory_path]}, one per reference; "" for none.
     */
    static String subagentRefs(JsonNode refs) {
        StringBuilder out = new StringBuilder();
        for (JsonNode ref : refs.isArray() ? refs : java.util.List.of(refs)) {
            if (!ref.isObject()) {
                continue;
            }
            StringBuilder names = new StringBuilder();
            for (String field : new String[] {"session_id", "trajectory_id", "trajectory_path"}) {
                String value = ref.path(field).asText("");
                if (!value.isEmpty() && !ref.path(field).isNull()) {
                    names.append(names.isEmpty() ? "" : ", ").append(value);
                }
            }
            out.append(out.isEmpty() ? "" : "\n").append("[subagent trajectory: ").append(names).append(']');
        }
        return out.toString();
    }
}
