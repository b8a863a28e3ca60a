package dev.tracedeck.importers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;

/**
 * What the Gemini API's bodies hold where {@link GeminiContents}, which also reads the contents instrumentations copy
 * into spans (Langfuse, OpenTelemetry), takes more. A function call's {@code args} and a function response's
 * {@code response} are a {@code google.protobuf.Struct}, a JSON object: every SDK types them as a map
 * ({@code dict[str, Any]}, {@code Map<String, Object>}) and the API refuses anything else. A candidate's parts are
 * objects: the API writes no other, where a request's parts may be plain strings (the SDKs' {@code PartUnion}). A value
 * of another type is a broken content, not the text of one: read as written it would pass for a call's arguments, a
 * tool's output or the model's words.
 */
final class ApiShapes {

    private ApiShapes() {
    }

    /** Throws when a part of {@code parts} is not what the API holds there ({@code answer}: a candidate's). */
    static void check(JsonNode parts, boolean answer) throws MalformedRecordException {
        for (JsonNode part : parts) {
            if (answer && !part.isObject()) {
                throw JsonFields.wrongType("a candidate's part", part, "an object");
            }
            struct(part, "function_call", "functionCall", "args");
            struct(part, "function_response", "functionResponse", "response");
        }
    }

    private static void struct(JsonNode part, String snake, String camel, String member) throws MalformedRecordException {
        JsonNode holder = part.has(snake) ? part.get(snake) : part.path(camel);
        JsonNode value = holder.isObject() ? holder.get(member) : null;
        if (!JsonFields.isAbsent(value) && !value.isObject()) {
            throw JsonFields.wrongType("a " + snake + "'s " + member, value, "an object");
        }
    }
}
