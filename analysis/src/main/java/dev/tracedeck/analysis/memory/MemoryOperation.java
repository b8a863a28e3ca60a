package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.event.Event;
import java.util.Objects;
import java.util.Optional;

/**
 * One operation on a memory.
 *
 * @param op     what it did
 * @param event  the event that made the call
 * @param tool   the tool called
 * @param before the value before, when the trace lets it be known
 * @param after  the value after, when the trace lets it be known (the same as before when the call failed)
 * @param attempted the value the call asked for, when known: the after value, or for a call that failed the one it
 *               would have made (Letta refuses a write past a block's limit)
 * @param change what the call added or put in, as its arguments say ("" for a read); shown when before or after is
 *               unknown
 * @param failed true when the call's result says it failed, so nothing changed
 * @param result the event holding the call's result, when the trace has one
 */
public record MemoryOperation(MemoryOp op, Event event, String tool, Optional<String> before, Optional<String> after,
                              Optional<String> attempted, String change, boolean failed, Optional<Event> result) {

    public MemoryOperation {
        Objects.requireNonNull(op);
        Objects.requireNonNull(event);
        Objects.requireNonNull(tool);
        Objects.requireNonNull(before);
        Objects.requireNonNull(after);
        Objects.requireNonNull(attempted);
        Objects.requireNonNull(change);
        Objects.requireNonNull(result);
    }

    /** The size in characters before, when known. */
    public Optional<Integer> sizeBefore() {
        return before.map(String::length);
    }

    /** The size in characters after, when known. */
    public Optional<Integer> sizeAfter() {
        return after.map(String::length);
    }

    /** A short diff of the change: the lines removed and added when both values are known, else the change. */
    public String diff(int maxLines) {
        if (before.isPresent() && after.isPresent()) {
            return LineDiff.between(before.get(), after.get(), maxLines);
        }
        return change.isEmpty() ? "" : LineDiff.added(change, maxLines);
    }
}
