package dev.tracedeck.model.trace;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The events of one agent thread, in source order. A thread id is Mycelian's {@code {memory_id}:s{session}}. */
public record TraceThread(String id, List<Event> events) {

    public TraceThread {
        Objects.requireNonNull(id);
        events = List.copyOf(events);
    }

    public List<Event> snapshots() {
        return events.stream().filter(e -> e.payload() instanceof Payload.StateDump).toList();
    }

    public Optional<StateSnapshot> lastSnapshot() {
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.get(i).payload() instanceof Payload.StateDump dump && dump.snapshot().hasMessageList()) {
                return Optional.of(dump.snapshot());
            }
        }
        return Optional.empty();
    }

    /** A label for lists: the id, or "(run)" for events that belong to no thread. */
    public String label() {
        return id.isEmpty() ? "(run)" : id;
    }
}
