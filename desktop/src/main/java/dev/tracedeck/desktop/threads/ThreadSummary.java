package dev.tracedeck.desktop.threads;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of the thread list, counted once when a trace loads (off the FX thread) so the list never walks
 * the events.
 *
 * @param threadId  the thread, empty for the "All threads" row
 * @param label     what the list shows: the thread's short label (see {@link ThreadLabels}), or "All threads"
 * @param events    events in the thread
 * @param snapshots state dumps in the thread
 * @param problems  errors and malformed records in the thread
 */
public record ThreadSummary(Optional<String> threadId, String label, int events, int snapshots, int problems) {

    public ThreadSummary {
        Objects.requireNonNull(threadId);
        Objects.requireNonNull(label);
    }

    /** "All threads" first, then each thread in order of first appearance. */
    public static List<ThreadSummary> of(Trace trace) {
        return of(trace, ThreadLabels.of(trace));
    }

    /** As {@link #of(Trace)}, with the trace's thread labels already made. */
    public static List<ThreadSummary> of(Trace trace, ThreadLabels labels) {
        List<ThreadSummary> rows = new ArrayList<>(trace.threads().size() + 1);
        int snapshots = 0;
        int problems = 0;
        List<ThreadSummary> threads = new ArrayList<>();
        for (TraceThread thread : trace.threads()) {
            ThreadSummary row = of(thread, labels.label(thread.id()));
            snapshots += row.snapshots();
            problems += row.problems();
            threads.add(row);
        }
        rows.add(new ThreadSummary(Optional.empty(), "All threads", trace.events().size(), snapshots, problems));
        rows.addAll(threads);
        return List.copyOf(rows);
    }

    static ThreadSummary of(TraceThread thread) {
        return of(thread, thread.label());
    }

    private static ThreadSummary of(TraceThread thread, String label) {
        int snapshots = 0;
        int problems = 0;
        for (Event event : thread.events()) {
            EventKind kind = event.kind();
            if (kind == EventKind.STATE) {
                snapshots++;
            } else if (kind == EventKind.ERROR || kind == EventKind.MALFORMED) {
                problems++;
            }
        }
        return new ThreadSummary(Optional.of(thread.id()), label, thread.events().size(), snapshots, problems);
    }

    /** The thread's full id (or "(run)"), for a tooltip; "All threads" for that row. */
    public String fullName() {
        return threadId.map(ThreadLabels::full).orElse(label);
    }

    public boolean isAll() {
        return threadId.isEmpty();
    }
}
