package dev.tracedeck.importers.responses;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
import java.util.List;

/** The members of an OpenAI Responses request or response that say what it is, where it goes and what it holds. */
public final class ResponsesBodies {

    private ResponsesBodies() {
    }

    /**
     * Why a request or a response can't be read: the members that say what it is and which thread it joins
     * ({@code object}, {@code id}, {@code previous_response_id}, a line's {@code custom_id}, {@code model}) are not
     * strings, its {@code instructions} neither a string nor a list, its {@code input} neither a string nor a list of
     * items, its {@code output} no list; null when it can.
     */
    public static String problem(JsonNode line, JsonNode body) {
        try {
            JsonFields.text(line, "custom_id");
            for (String field : List.of("object", "id", "previous_response_id", "model", "status")) {
                JsonFields.text(body, field);
            }
            JsonNode instructions = body.get("instructions");
            if (!JsonFields.isAbsent(instructions) && !instructions.isTextual() && !instructions.isArray()) {
                throw JsonFields.wrongType("instructions", instructions, "a string or a list of items");
            }
            JsonNode input = body.get("input");
            if (!JsonFields.isAbsent(input) && !input.isTextual() && !input.isArray()) {
                throw JsonFields.wrongType("input", input, "a string or a list of items");
            }
            JsonFields.list(body, "output");
            return null;
        } catch (MalformedRecordException e) {
            return (ResponsesReading.isResponse(body) ? "a response" : "a request") + " whose " + e.getMessage();
        }
    }
}
