package dev.tracedeck.desktop.loading;

import dev.tracedeck.analysis.run.ThreadTitle;
import dev.tracedeck.desktop.threads.ThreadListViewModel;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.GrowingThreadLabels;
import dev.tracedeck.model.trace.ThreadLabels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * A file as far as it has been read, counted as its batches of events come in on the FX thread: its threads with
 * their counts in the thread list, their labels, and "12,345 events · 7 threads so far". The trace read whole takes
 * over from it, in the same thread list.
 */
public final class ReadSoFar {

    private final ThreadListViewModel threads;
    private final Map<String, ThreadCounts> byThread = new LinkedHashMap<>();
    private final ThreadCounts all = new ThreadCounts(0);
    /** How many threads the thread list has rows for: the threads the batches before this one reached. */
    private int rowsShown;
    /** Kept up as threads come: labelling every thread anew, per batch, takes a file of 100,000 threads ~0.4 s a batch. */
    private final GrowingThreadLabels labels = new GrowingThreadLabels();
    private final ReadOnlyStringWrapper counts = new ReadOnlyStringWrapper("No events read yet");
    private final ReadOnlyBooleanWrapper checkingAsRead = new ReadOnlyBooleanWrapper();

    /** Events, state dumps and problem records of one thread so far, and its row in the thread list. */
    private static final class ThreadCounts {
        final int row;
        final ThreadTitle title = new ThreadTitle();
        int events;
        int snapshots;
        int problems;

        ThreadCounts(int row) {
            this.row = row;
        }

        void count(EventKind kind) {
            events++;
            if (kind == EventKind.STATE) {
                snapshots++;
            } else if (kind == EventKind.ERROR || kind == EventKind.MALFORMED) {
                problems++;
            }
        }

        ThreadSummary summary(Optional<String> id, String label) {
            return new ThreadSummary(id, label, events, snapshots, problems, title.text());
        }
    }

    /** @param threads the thread list to keep up, holding only its "All threads" row */
    public ReadSoFar(ThreadListViewModel threads) {
        this.threads = threads;
    }

    /** The thread list's first row before any event is read. */
    public static ThreadSummary noThreads() {
        return new ThreadSummary(Optional.empty(), "All threads", 0, 0, 0);
    }

    /**
     * Counts events read since the last call, in seq order. The thread list changes only the rows of the threads the
     * batch touched (and those whose label a new thread lengthened) and adds the new threads' rows.
     *
     * @return whether the batch began a thread
     */
    public boolean add(List<Event> batch) {
        Set<String> touched = new LinkedHashSet<>();
        List<String> added = new ArrayList<>();
        // A thread's events mostly come one after another (a conversation per line): look each thread up once per run.
        String threadId = null;
        ThreadCounts thread = null;
        for (Event event : batch) {
            if (!event.threadId().equals(threadId)) {
                threadId = event.threadId();
                thread = byThread.get(threadId);
                if (thread == null) {
                    thread = new ThreadCounts(byThread.size() + 1);
                    byThread.put(threadId, thread);
                    added.add(threadId);
                }
                touched.add(threadId);
            }
            // A message's kind is worked out from its calls and role each time: once per event here.
            EventKind kind = event.kind();
            thread.count(kind);
            thread.title.see(event);
            all.count(kind);
        }
        if (!added.isEmpty()) {
            // A new thread can lengthen the labels of threads shown already: their rows change too.
            touched.addAll(labels.add(added));
        }
        SortedMap<Integer, ThreadSummary> changed = new TreeMap<>();
        changed.put(0, all.summary(Optional.empty(), "All threads"));
        List<ThreadSummary> newRows = new ArrayList<>(added.size());
        for (String id : touched) {
            ThreadCounts counts = byThread.get(id);
            if (counts.row <= rowsShown) {
                changed.put(counts.row, counts.summary(Optional.of(id), labels.labels().label(id)));
            }
        }
        for (String id : added) {
            newRows.add(byThread.get(id).summary(Optional.of(id), labels.labels().label(id)));
        }
        threads.patch(changed, newRows);
        rowsShown = byThread.size();
        counts.set(CountFormat.count(all.events, "event", "events") + " · " + CountFormat.count(byThread.size(), "thread", "threads")
                + " so far");
        return !added.isEmpty();
    }

    /** The threads' labels as they stand now: a new thread can make an older label ambiguous. */
    public ThreadLabels labels() {
        return labels.labels();
    }

    /** How many threads are read so far. */
    public int threadCount() {
        return byThread.size();
    }

    /** Where the thread {@code id} is in the trace's thread order, the order its threads were first read; last when unread. */
    public int orderOf(String id) {
        ThreadCounts counts = byThread.get(id);
        return counts == null ? Integer.MAX_VALUE : counts.row;
    }

    /** "12,345 events · 7 threads so far". */
    public ReadOnlyStringProperty countsProperty() {
        return counts.getReadOnlyProperty();
    }

    /** The file's threads are checked as they are read: its importer has said a first one is read to its end. */
    public void checkingAsRead() {
        checkingAsRead.set(true);
    }

    /** Whether the file's threads are checked as they are read (see {@link #checkingAsRead()}); false until known. */
    public ReadOnlyBooleanProperty checkingAsReadProperty() {
        return checkingAsRead.getReadOnlyProperty();
    }
}
