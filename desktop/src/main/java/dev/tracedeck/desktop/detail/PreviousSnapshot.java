package dev.tracedeck.desktop.detail;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Optional;

/**
 * The dump a state dump was diffed against: the same thread's previous dump with a message list, as the
 * importer's {@code TraceBuilder} chose it. A changed entry's old value lives there, not in the dump.
 */
public final class PreviousSnapshot {

    private PreviousSnapshot() {
    }

    /** Empty for an event that is not a state dump, and for a thread's first dump. */
    public static Optional<StateSnapshot> of(Trace trace, Event event) {
        if (!(event.payload() instanceof Payload.StateDump)) {
            return Optional.empty();
        }
        Optional<TraceThread> thread = trace.thread(event.threadId());
        if (thread.isEmpty()) {
            return Optional.empty();
        }
        List<Event> events = thread.get().events();
        int at = indexOf(events, event.seq());
        for (int i = at - 1; i >= 0; i--) {
            if (events.get(i).payload() instanceof Payload.StateDump dump && dump.snapshot().hasMessageList()) {
                return Optional.of(dump.snapshot());
            }
        }
        return Optional.empty();
    }

    /** A thread's events are in seq order: a binary search finds one among millions. */
    private static int indexOf(List<Event> events, int seq) {
        int low = 0;
        int high = events.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int s = events.get(mid).seq();
            if (s < seq) {
                low = mid + 1;
            } else if (s > seq) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }
}
