package dev.tracedeck.importers.responses;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
import java.util.Set;

/**
 * The events of a streamed Responses API answer ({@code stream: true}), as a client that logs the stream writes them
 * one a line: {@code {"type": "response.created", "sequence_number": 0, "response": {…}}}, the
 * {@code response.output_item.*}, {@code response.*.delta} and {@code .done} events, {@code error}, and the event
 * that ends the stream with the whole response.
 */
final class StreamEvent {

    /** The events that end a stream, each with the response as it ended. */
    static final Set<String> ENDS = Set.of("response.completed", "response.incomplete", "response.failed");
    /** The event that carries a finished output item. */
    static final String ITEM_DONE = "response.output_item.done";

    private StreamEvent() {
    }

    /**
     * True for an event of a response's stream: an object whose {@code type} is {@code response.…} (none of the API's
     * items has such a type), or an {@code error} event with its {@code sequence_number}.
     */
    static boolean isOne(JsonNode node) {
        String type = node.path("type").asText("");
        return node.isObject() && (type.startsWith("response.")
                || type.equals("error") && node.has("sequence_number") && node.path("error").isObject());
    }

    /**
     * Why an event can't be read: its {@code response} is not an object or its id not a string, its {@code item} not an
     * object, or the response that ends the stream has an {@code output} that is no list; null when it can.
     */
    static String problem(JsonNode event) {
        try {
            JsonNode response = JsonFields.object(event, "response");
            if (response.isObject()) {
                JsonFields.text(response, "id", "response.id");
                JsonFields.list(response, "output", "response.output");
            }
            JsonFields.object(event, "item");
            return null;
        } catch (MalformedRecordException e) {
            return "a " + event.path("type").asText("") + " event whose " + e.getMessage();
        }
    }
}
