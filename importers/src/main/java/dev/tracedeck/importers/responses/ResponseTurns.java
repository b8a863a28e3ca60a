package dev.tracedeck.importers.responses;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.model.message.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * A list of OpenAI Responses items (a request's {@code input}, a response's {@code output}) as the messages of a
 * history, for formats that record them inside something else (a Langfuse generation's input and output): the items
 * of one assistant turn (its text, reasoning and calls, until a call is followed by something that is not one) are
 * one assistant message, other messages and each call's output one message each, as {@code openai-responses} reads
 * them ({@link TurnGatherer}). An item that is none, or breaks the API's shape, is a problem with its reason.
 */
public final class ResponseTurns {

    /** What one or more items read as: a message and the index of its first item, or a problem and its item. */
    public sealed interface Read {
        int item();
    }

    public record Msg(Message message, int item) implements Read {
    }

    public record Problem(String reason, int item) implements Read {
    }

    private ResponseTurns() {
    }

    /** True when {@code node} is a Responses item with an item {@code type} other than a plain message. */
    public static boolean isTypedItem(JsonNode node) {
        String type = node.path("type").asText("");
        return ResponseItems.isItem(node) && !type.isEmpty() && !type.equals("message");
    }

    public static List<Read> read(JsonNode items) {
        List<Read> out = new ArrayList<>();
        TurnGatherer.read(items, new TurnGatherer.Sink<>() {
            @Override
            public void message(Message message, List<Integer> turn) {
                out.add(new Msg(message, turn.get(0)));
            }

            @Override
            public void problem(String reason, JsonNode item, Integer index) {
                out.add(new Problem(reason, index));
            }

            @Override
            public void record(JsonNode item, Integer index) {
                // Not a message: nothing in the history.
            }

            @Override
            public void unknown(String reason, JsonNode item, Integer index) {
                // Not a message either: nothing in the history.
            }
        });
        return out;
    }
}
