package dev.tracedeck.desktop.common;

import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Optional;

/**
 * The thread a per-thread view shows — the one the thread list selected, else the selected event's, else the first
 * with a history — and the event a source line of it belongs to.
 */
public final class ThreadInView {

    private ThreadInView() {
    }

    public static Optional<TraceThread> choose(Trace trace, Optional<String> selectedThread, Optional<Event> selectedEvent) {
        return selectedThread.flatMap(trace::thread)
                .or(() -> selectedEvent.flatMap(e -> trace.thread(e.threadId())))
                .or(() -> trace.threads().stream().filter(t -> !ThreadHistory.points(t).isEmpty()).findFirst());
    }

    /** The event whose lines hold {@code line}: a message's own, or the state dump an entry's line is inside. */
    public static Optional<Event> eventAtLine(List<Event> events, int line) {
        Event found = null;
        for (Event e : events) {
            if (e.firstLine() <= line && line <= e.lastLine()) {
                found = e;
                if (e.firstLine() == line) {
                    break;
                }
            }
        }
        return Optional.ofNullable(found);
    }
}
