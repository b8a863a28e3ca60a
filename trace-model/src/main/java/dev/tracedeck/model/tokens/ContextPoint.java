package dev.tracedeck.model.tokens;

import dev.tracedeck.model.event.Event;
import java.util.Objects;

/**
 * The context a thread held at one point: the prompt its history would make there.
 *
 * @param event    the state dump (or the message) the history is read from
 * @param messages how many messages the history had
 * @param count    its tokens, by category, exact or estimated
 */
public record ContextPoint(Event event, int messages, PromptCount count) {

    public ContextPoint {
        Objects.requireNonNull(event);
        Objects.requireNonNull(count);
    }

    /** The share of a window of {@code limit} tokens this point fills, 1.0 being full. */
    public double share(int limit) {
        return count.tokens() / (double) limit;
    }
}
