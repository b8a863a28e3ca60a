package dev.tracedeck.importers.spans;

import dev.tracedeck.model.message.Message;
import java.util.Objects;

/**
 * What a span's message attributes hold: a message, or an attribute that does not read as the convention says.
 * Both point at the attribute within the span ({@code /attributes/7}, {@code /events/0/attributes/1}): a JSON
 * pointer cannot reach into the JSON text an attribute's string holds.
 */
public sealed interface AttributeMessage {

    /** Within the span: {@code /attributes/7}, {@code /input/2}. */
    String pointer();

    /** The message's own JSON (its object in the attribute, or the indexed attributes that make it up). */
    public record Msg(Message message, String pointer, String text) implements AttributeMessage {
        public Msg {
            Objects.requireNonNull(message);
            Objects.requireNonNull(pointer);
            Objects.requireNonNull(text);
        }
    }

    /** An attribute that should hold messages and does not read as such. */
    public record Problem(String pointer, String text, String reason) implements AttributeMessage {
        public Problem {
            Objects.requireNonNull(pointer);
            Objects.requireNonNull(text);
            Objects.requireNonNull(reason);
        }
    }
}
