package dev.tracedeck.desktop.loading;

import dev.tracedeck.cli.report.CountFormat;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.desktop.detail.DetailViewModel;
import dev.tracedeck.desktop.threads.ThreadListViewModel;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.desktop.timeline.TimelineViewModel;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.ThreadLabels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * A file as far as it has been read: its events so far in a timeline that filters and searches like the finished
 * one, its threads with their counts as they grow, and the detail of the event picked. Fed on the FX thread with
 * {@link #append}; the trace's own views replace it once the import ends, at the event and thread picked here.
 */
public final class LoadingViewModel {

    private final TimelineViewModel timeline = TimelineViewModel.growing();
    private final ThreadListViewModel threads = new ThreadListViewModel(List.of(allThreads()));
    private final DetailViewModel detail;
    private final Map<String, ThreadCounts> byThread = new LinkedHashMap<>();
    private final ThreadCounts all = new ThreadCounts();
    private ThreadLabels labels = ThreadLabels.of(List.of());
    private final ReadOnlyStringWrapper counts = new ReadOnlyStringWrapper("No events read yet");

    /** Events, state dumps and problem records of one thread so far. */
    private static final class ThreadCounts {
        int events;
        int snapshots;
        int problems;

        void count(Event event) {
            events++;
            if (event.kind() == EventKind.STATE) {
                snapshots++;
            } else if (event.kind() == EventKind.ERROR || event.kind() == EventKind.MALFORMED) {
                problems++;
            }
        }
    }

    /** @param queries renders the detail of the event picked, off the FX thread */
    public LoadingViewModel(TaskRunner queries) {
        this.detail = new DetailViewModel(queries);
        threads.selectedProperty().addListener((obs, old, now) -> timeline.showThread(threads.selectedThreadId()));
        timeline.selectedEventProperty().addListener((obs, old, now) -> detail.showStep(timeline.step(now)));
    }

    /** Shows events read since the last call, in seq order. */
    public void append(List<Event> batch) {
        boolean newThread = false;
        for (Event event : batch) {
            ThreadCounts thread = byThread.get(event.threadId());
            if (thread == null) {
                thread = new ThreadCounts();
                byThread.put(event.threadId(), thread);
                newThread = true;
            }
            thread.count(event);
            all.count(event);
        }
        if (newThread) {
            labels = ThreadLabels.of(byThread.keySet());
        }
        timeline.append(batch, labels);
        threads.replaceRows(threadRows());
        counts.set(CountFormat.count(all.events, "event", "events") + " · " + CountFormat.count(byThread.size(), "thread", "threads")
                + " so far");
    }

    private List<ThreadSummary> threadRows() {
        List<ThreadSummary> rows = new ArrayList<>(byThread.size() + 1);
        rows.add(new ThreadSummary(Optional.empty(), "All threads", all.events, all.snapshots, all.problems));
        byThread.forEach((id, c) -> rows.add(new ThreadSummary(Optional.of(id), labels.label(id), c.events, c.snapshots, c.problems)));
        return rows;
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
