package dev.tracedeck.desktop.threads;

import dev.tracedeck.analysis.run.ThreadTitle;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One row of the thread list, counted once when a trace loads (off the FX thread) so the list never walks
 * the events.
 *
 * @param threadId  the thread, empty for the "All threads" row
 * @param label     what the list shows: the thread's short label (see {@link ThreadLabels}), or "All threads"
 * @param events    events in the thread
 * @param snapshots state dumps in the thread
 * @param problems  errors and malformed records in the thread
 * @param title     the thread's name in words where its spans say it ({@link ThreadTitle}: agent and service), or ""
 */
public record ThreadSummary(Optional<String> threadId, String label, int events, int snapshots, int problems, String title) {

    public ThreadSummary {
        Objects.requireNonNull(threadId);
        Objects.requireNonNull(label);
        Objects.requireNonNull(title);
    }

    /** A row whose thread has no title. */
    public ThreadSummary(Optional<String> threadId, String label, int events, int snapshots, int problems) {
        this(threadId, label, events, snapshots, problems, "");
    }

    /** What the list shows: the title, when the thread has one, before the label that every view shows it by. */
    public String shown() {
        return title.isEmpty() ? label : title + " · " + label;
    }

    /** "All threads" first, then each thread in order of first appearance. */
    public static List<ThreadSummary> of(Trace trace) {
        return of(trace, ThreadLabels.of(trace));
    }

    /** As {@link #of(Trace)}, with the trace's thread labels already made. */
    public static List<ThreadSummary> of(Trace trace, ThreadLabels labels) {
        return of(trace, () -> labels, new long[EventKind.values().length]);
    }

    /**
     * As {@link #of(Trace, ThreadLabels)}, counting every event's kind into {@code kinds} (by ordinal) in the same walk
     * and asking for the labels only once the events are counted, so that they can be made meanwhile elsewhere.
     */
    public static List<ThreadSummary> of(Trace trace, Supplier<ThreadLabels> labels, long[] kinds) {
        List<TraceThread> threads = trace.threads();
        int[] snapshots = new int[threads.size()];
        int[] problems = new int[threads.size()];
        String[] titles = new String[threads.size()];
        long counted = 0;
        for (int t = 0; t < threads.size(); t++) {
            ThreadTitle title = new ThreadTitle();
            for (Event event : threads.get(t).events()) {
                title.see(event);
                EventKind kind = event.kind();
                kinds[kind.ordinal()]++;
                if (kind == EventKind.STATE) {
                    snapshots[t]++;
                } else if (kind == EventKind.ERROR || kind == EventKind.MALFORMED) {
                    problems[t]++;
                }
            }
            counted += threads.get(t).events().size();
            titles[t] = title.text();
        }
        if (counted != trace.events().size()) {
            // Every event is in a thread (those of no thread in the one with id ""): a trace made otherwise is counted whole.
            Arrays.fill(kinds, 0);
            trace.events().forEach(e -> kinds[e.kind().ordinal()]++);
        }
        ThreadLabels labelled = labels.get();
        List<ThreadSummary> rows = new ArrayList<>(threads.size() + 1);
        rows.add(new ThreadSummary(Optional.empty(), "All threads", trace.events().size(),
                Arrays.stream(snapshots).sum(), Arrays.stream(problems).sum()));
        for (int t = 0; t < threads.size(); t++) {
            TraceThread thread = threads.get(t);
            rows.add(new ThreadSummary(Optional.of(thread.id()), labelled.label(thread.id()), thread.events().size(),
                    snapshots[t], problems[t], titles[t]));
        }
        return List.copyOf(rows);
    }

    static ThreadSummary of(TraceThread thread) {
        return of(thread, thread.label());
    }

    private static ThreadSummary of(TraceThread thread, String label) {
        int snapshots = 0;
        int problems = 0;
        ThreadTitle title = new ThreadTitle();
        for (Event event : thread.events()) {
            title.see(event);
            EventKind kind = event.kind();
            if (kind == EventKind.STATE) {
                snapshots++;
            } else if (kind == EventKind.ERROR || kind == EventKind.MALFORMED) {
                problems++;
            }
        }
        return new ThreadSummary(Optional.of(thread.id()), label, thread.events().size(), snapshots, problems, title.text());
    }

    /** The thread's title and full id (or "(run)"), for a tooltip; "All threads" for that row. */
    public String fullName() {
        String full = threadId.map(ThreadLabels::full).orElse(label);
        return title.isEmpty() ? full : title + "\n" + full;
    }

    public boolean isAll() {
        return threadId.isEmpty();
    }
}
