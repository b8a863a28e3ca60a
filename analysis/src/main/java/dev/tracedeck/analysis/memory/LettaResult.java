package dev.tracedeck.analysis.memory;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.model.event.Event;
import java.util.Optional;

/**
 * What a Letta tool's result says of the block it changed. Letta wraps a function's return as
 * {@code {"status": "OK", "message": …}}, and its block tools ({@code core_memory_append}, {@code memory_replace},
 * {@code memory_insert}, {@code memory_rethink}, the {@code memory} tool's {@code str_replace} and {@code insert}, a
 * one-block {@code memory_apply_patch}) return the block's whole new value, so that message is the value after the
 * call. An older Letta returned nothing ({@code "None"}), and a message over the tool's {@code return_char_limit} is cut
 * with a note: a message is taken as the value only when it is whole and holds the text the call put in.
 */
final class LettaResult {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TRUNCATED = "... [NOTE: function output was truncated";

    private LettaResult() {
    }

    /** The block's value after the call as its result reports it; empty when the result does not say. */
    static Optional<String> reportedValue(Optional<Event> result, String change) {
        if (change.isEmpty()) {
            return Optional.empty();
        }
        return CallResults.message(result).map(m -> m.content().strip()).filter(c -> c.startsWith("{"))
                .flatMap(LettaResult::okMessage)
                .filter(v -> !v.contains(TRUNCATED) && v.contains(LettaPatch.expandTabs(change)));
    }

    private static Optional<String> okMessage(String content) {
        try {
            JsonNode node = JSON.readTree(content);
            if (node.path("status").asText("").equals("OK") && node.path("message").isTextual()) {
                return Optional.of(node.get("message").textValue());
            }
        } catch (JsonProcessingException e) {
            // not Letta's wrapping: the result says nothing of the value
        }
        return Optional.empty();
    }
}
