package dev.tracedeck.desktop.loading;

import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.run.ThreadTitle;
import dev.tracedeck.desktop.common.Batches;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.desktop.detail.DetailViewModel;
import dev.tracedeck.desktop.findings.FindingsViewModel;
import dev.tracedeck.desktop.threads.ThreadListViewModel;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.desktop.timeline.TimelineViewModel;
import dev.tracedeck.desktop.triage.TriageMarks;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.GrowingThreadLabels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * A file as far as it has been read: its events so far in a timeline that filters and searches like the finished
 * one, its threads with their counts as they grow, the detail of the event picked, and the findings of the threads
 * checked as they were read (a file of conversations, one a line). Fed on the FX thread with {@link #append}; the
 * trace's own views replace it once the import ends, at the event and thread picked here.
 */
public final class LoadingViewModel {

    private final TimelineViewModel timeline = TimelineViewModel.growing();
    private final ThreadListViewModel threads = new ThreadListViewModel(List.of(allThreads()));
    private final DetailViewModel detail;
    private final FindingsViewModel findings;
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

    /** @param queries renders the detail of the event picked, off the FX thread */
    public LoadingViewModel(TaskRunner queries) {
        this.detail = new DetailViewModel(queries);
        timeline.searchInBackground(queries);
        // Fed with checklists made elsewhere (showAsChecked): a file still being read is never checked whole here.
        this.findings = new FindingsViewModel(queries, (trace, checkedThread) -> {
            throw new UnsupportedOperationException("the trace's own findings check it");
        }, this::reveal, TriageMarks.none());
        findings.labelThreadsWith(labels::labels);
        threads.selectedProperty().addListener((obs, old, now) -> {
            timeline.showThread(threads.selectedThreadId());
            findings.showThread(threads.selectedThreadId());
        });
        timeline.selectedEventProperty().addListener((obs, old, now) -> detail.showStep(timeline.step(now)));
    }

    /**
     * Shows events read since the last call, in seq order. The thread list changes only the rows of the threads the
     * batch touched (and those whose label a new thread lengthened) and adds the new threads' rows.
     */
    public void append(List<Event> batch) {
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
        timeline.append(batch, labels.labels());
        SortedMap<Integer, ThreadSummary> changed = new TreeMap<>();
        changed.put(0, all.summary(Optional.empty(), "All threads"));
        List<ThreadSummary> newRows = new ArrayList<>(added.size());
        for (String id : touched) {
            ThreadCounts counts = byThread.get(id);
            ThreadSummary row = counts.summary(Optional.of(id), labels.labels().label(id));
            if (counts.row <= rowsShown) {
                changed.put(counts.row, row);
            }
        }
        for (String id : added) {
            newRows.add(byThread.get(id).summary(Optional.of(id), labels.labels().label(id)));
        }
        threads.patch(changed, newRows);
        rowsShown = byThread.size();
        if (!added.isEmpty()) {
            findings.threadsRead();
        }
        counts.set(CountFormat.count(all.events, "event", "events") + " · " + CountFormat.count(byThread.size(), "thread", "threads")
                + " so far");
    }

    /**
     * Starts listing the findings of threads checked as they are read: returns what takes each thread's checklist,
     * from any thread. They are listed in the order the threads were first read, the trace's thread order.
     */
    public Consumer<ThreadChecklist> checkAsRead(String file) {
        Batches<ThreadChecklist> checked = findings.showAsChecked(file, "", byThread::size, id -> {
            ThreadCounts counts = byThread.get(id);
            return counts == null ? Integer.MAX_VALUE : counts.row;
        });
        return checked::add;
    }

    /**
     * Takes no more checklists and drops a search still running: the import ended, and the trace's own views take
     * over (or the file closed).
     */
    public void stopChecks() {
        findings.cancel();
        timeline.stopSearching();
    }

    /** The file's threads are checked as they are read: its importer has said a first one is read to its end. */
    public void checkingAsRead() {
        checkingAsRead.set(true);
    }

    /** Whether the file's threads are checked as they are read (see {@link #checkingAsRead()}); false until known. */
    public ReadOnlyBooleanProperty checkingAsReadProperty() {
        return checkingAsRead.getReadOnlyProperty();
    }

    /** The findings of the threads checked so far, while the file is read. */
    public FindingsViewModel findings() {
        return findings;
    }

    /** A finding's evidence selected in the timeline, showing every thread when another one is narrowed to. */
    private void reveal(Event event) {
        if (threads.selectedThreadId().filter(id -> !id.equals(event.threadId())).isPresent()) {
            threads.selectAll();
        }
        timeline.reveal(event);
    }

    private static ThreadSummary allThreads() {
        return new ThreadSummary(Optional.empty(), "All threads", 0, 0, 0);
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    public ThreadListViewModel threads() {
        return threads;
    }

    public DetailViewModel detail() {
        return detail;
    }

    /** "12,345 events · 7 threads so far". */
    public ReadOnlyStringProperty countsProperty() {
        return counts.getReadOnlyProperty();
    }

    /** The event the user picked while the file was read, for the finished views to open at. */
    public Optional<Event> selectedEvent() {
        return Optional.ofNullable(timeline.getSelectedEvent());
    }

    /** The thread the user narrowed to while the file was read, empty for all. */
    public Optional<String> selectedThreadId() {
        return threads.selectedThreadId();
    }
}
