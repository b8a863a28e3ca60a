package dev.tracedeck.analysis.tokens;

import dev.tracedeck.model.event.Event;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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

    /**
     * The last of {@code points} (in source order) at or before {@code event}: the history as it stood there, such
     * as what a compaction dropped.
     */
    public static Optional<ContextPoint> atOrBefore(List<ContextPoint> points, Event event) {
        ContextPoint found = null;
        for (ContextPoint p : points) {
            if (p.event().seq() > event.seq()) {
                break;
            }
            found = p;
        }
        return Optional.ofNullable(found);
    }

    /** The share of a window of {@code limit} tokens this point fills, 1.0 being full. */
    public double share(int limit) {
        return count.tokens() / (double) limit;
    }
}
