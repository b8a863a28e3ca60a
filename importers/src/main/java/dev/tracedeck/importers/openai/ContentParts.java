package dev.tracedeck.importers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.ContentText;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
import java.util.Locale;
import java.util.Optional;

/**
 * A message's {@code content} as text: a string as it is; a list of parts as their texts joined by newlines,
 * with a placeholder for what is not text, so that a reader (and a rule measuring a tool's output) sees that it
 * was there without megabytes of base64: {@code [image: https://…]}, {@code [image: data:image/png;base64, 12,345
 * bytes]}, {@code [audio: wav, 12,345 bytes]}, {@code [file: report.pdf, file-abc]}, {@code [file: draft.pdf,
 * 12,345 bytes]}, {@code [refusal: …]}. The one reading of Chat Completions parts: LangChain messages that hold
 * them use it too.
 */
public final class ContentParts {

    private ContentParts() {
    }

    /** @throws MalformedRecordException for content that is neither a string, null, nor a list of parts */
    static String text(JsonNode content) throws MalformedRecordException {
        return ContentText.joined(content, "a string, null or a list of parts", ContentParts::part);
    }

    private static String part(JsonNode part) throws MalformedRecordException {
        if (part.isTextual()) {
            return part.textValue();
        }
        String type = JsonFields.text(part, "type", "a part's type");
        switch (type) {
            case "text", "input_text", "output_text":
                return JsonFields.text(part, "text", "a " + type + " part's text");
            case "refusal":
                return "[refusal: " + JsonFields.text(part, "refusal", "a refusal part's refusal") + "]";
            default:
                return media(part).orElse("[" + (type.isEmpty() ? "untyped" : type) + " part]");
        }
    }

    /**
     * The placeholder of an image, audio or file part ({@code image_url}, {@code input_audio}, {@code file}): what
     * it is, its URL or file name and id, and the size of inline data, never the data; empty for any other part.
     *
     * @throws MalformedRecordException for such a part whose members are not of their types
     */
    public static Optional<String> media(JsonNode part) throws MalformedRecordException {
        switch (JsonFields.text(part, "type", "a part's type")) {
            case "image_url":
                JsonNode image = part.get("image_url");
                String url = image != null && image.isTextual() ? image.textValue()
                        : JsonFields.text(JsonFields.object(part, "image_url", "an image_url part's image_url"), "url",
                                "an image_url part's image_url.url");
                return Optional.of("[image: " + uri(url) + "]");
            case "input_audio":
                JsonNode audio = JsonFields.object(part, "input_audio", "an input_audio part's input_audio");
                String format = JsonFields.text(audio, "format", "an input_audio part's input_audio.format");
                return Optional.of("[audio: " + (format.isEmpty() ? "?" : format) + ", "
                        + base64Size(JsonFields.text(audio, "data", "an input_audio part's input_audio.data")) + "]");
            case "file":
                JsonNode file = JsonFields.object(part, "file", "a file part's file");
                String name = JsonFields.text(file, "filename", "a file part's file.filename");
                String fileId = JsonFields.text(file, "file_id", "a file part's file.file_id");
                String what = !fileId.isEmpty() ? fileId
                        : base64Size(JsonFields.text(file, "file_data", "a file part's file.file_data"));
                return Optional.of("[file: " + (name.isEmpty() ? "" : name + ", ") + what + "]");
            default:
                return Optional.empty();
        }
    }

    /** A URL as it is; a data URL as its media type and decoded size. */
    private static String uri(String url) {
        if (!url.startsWith("data:")) {
            return url;
        }
        int comma = url.indexOf(',');
        return comma < 0 ? url : url.substring(0, comma) + ", " + base64Size(url.substring(comma + 1));
    }

    /** "12,345 bytes": what base64 text decodes to (ignoring padding), or the raw size of a data: URL's payload. */
    private static String base64Size(String data) {
        if (data.startsWith("data:")) {
            int comma = data.indexOf(',');
            data = comma < 0 ? data : data.substring(comma + 1);
        }
        int len = data.length();
        int pad = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
        long bytes = Math.max(0, (long) len * 3 / 4 - pad);
        return String.format(Locale.ROOT, "%,d bytes", bytes);
    }
}
