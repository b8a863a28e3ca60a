package dev.tracedeck.desktop.threads;

import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.triage.FindingFingerprints;
import dev.tracedeck.desktop.triage.TriageMarks;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import javafx.beans.InvalidationListener;
import javafx.beans.WeakInvalidationListener;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The threads of a trace with "All threads" first; exactly one row is selected at all times. */
public final class ThreadListViewModel {

    private final ThreadRows rows;
    private final ObservableList<ThreadSummary> threads;
    /** While the rows are replaced the list view loses its selection for a moment; that is not the user's choice. */
    private boolean replacing;
    private final ReadOnlyObjectWrapper<ThreadSummary> selected;
    private final ReadOnlyObjectWrapper<Map<Optional<String>, ThreadFindings>> findings = new ReadOnlyObjectWrapper<>(Map.of());
    private Validation validation;
    /** Computed where the findings were checked, so a recount when a mark changes hashes nothing on the FX thread. */
    private FindingFingerprints fingerprints = FindingFingerprints.NONE;
    private TriageMarks triage = TriageMarks.none();
    private final InvalidationListener marksChanged = obs -> {
        if (validation != null) {
            findings.set(ThreadFindings.byThread(validation, triage.snapshot(fingerprints)));
        }
    };

    public ThreadListViewModel(List<ThreadSummary> rows) {
        requireAllFirst(rows);
        this.rows = new ThreadRows(rows);
        this.threads = FXCollections.unmodifiableObservableList(this.rows);
        this.selected = new ReadOnlyObjectWrapper<>(rows.get(0));
    }

    /**
     * Brings the rows to {@code now}, the threads of the file read further (counts grown, threads added, labels
     * lengthened by a new thread's), changing only the rows that differ: the list redraws those. The selected thread
     * stays selected; "All threads" when it is gone.
     */
    public void update(List<ThreadSummary> now) {
        requireAllFirst(now);
        SortedMap<Integer, ThreadSummary> changed = new TreeMap<>();
        int same = 0;
        int common = Math.min(rows.size(), now.size());
        while (same < common && rows.get(same).threadId().equals(now.get(same).threadId())) {
            if (!rows.get(same).equals(now.get(same))) {
                changed.put(same, now.get(same));
            }
            same++;
        }
        patch(changed, same, now.subList(same, now.size()));
    }

    /**
     * Sets the rows at {@code changed}'s indexes and adds {@code added} at the end, in one change: a file still being
     * read, whose reading knows which threads it touched. The selected thread stays selected.
     */
    public void patch(SortedMap<Integer, ThreadSummary> changed, List<ThreadSummary> added) {
        patch(changed, rows.size(), added);
    }

    private void patch(SortedMap<Integer, ThreadSummary> changed, int keep, List<ThreadSummary> added) {
        if (changed.containsKey(0)) {
            requireAllFirst(List.of(changed.get(0)));
        }
        ThreadSummary before = selected.get();
        ThreadSummary after = before;
        for (ThreadSummary row : changed.values()) {
            if (row.threadId().equals(before.threadId())) {
                after = row;
            }
        }
        if (after == before && rows.subList(keep, rows.size()).contains(before)) {
            after = added.stream().filter(r -> r.threadId().equals(before.threadId())).findFirst().orElse(null);
        }
        replacing = true;
        try {
            rows.patch(changed, keep, added);
        } finally {
            replacing = false;
        }
        selected.set(after == null ? rows.get(0) : after);
    }

    private static void requireAllFirst(List<ThreadSummary> rows) {
        if (rows.isEmpty() || !rows.get(0).isAll()) {
            throw new IllegalArgumentException("the first row must be \"All threads\"");
        }
    }

    public ObservableList<ThreadSummary> threads() {
        return threads;
    }

    public ReadOnlyObjectProperty<ThreadSummary> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    public ThreadSummary getSelected() {
        return selected.get();
    }

    /** Selects {@code row}; null (a list losing its selection) falls back to "All threads". */
    public void select(ThreadSummary row) {
        if (replacing) {
            return;
        }
        selected.set(row == null || !threads.contains(row) ? threads.get(0) : row);
    }

    public void selectAll() {
        selected.set(threads.get(0));
    }

    /** The thread whose events to show, empty for all. */
    public Optional<String> selectedThreadId() {
        return selected.get().threadId();
    }

    /** The trace's findings, once checked: each row then says how many its thread has, and how many are triaged. */
    public void setFindings(Validation validation, FindingFingerprints fingerprints) {
        this.validation = validation;
        this.fingerprints = fingerprints;
        findings.set(ThreadFindings.byThread(validation, triage.snapshot(fingerprints)));
    }

    /** The window's triage marks: a row counts its thread's marked findings apart, and follows the marks as they change. */
    public void setTriage(TriageMarks marks) {
        triage = marks;
        // Weakly: the marks are the window's and outlive this file's tab.
        marks.revisionProperty().addListener(new WeakInvalidationListener(marksChanged));
        marksChanged.invalidated(null);
    }

    /** Changes when the findings arrive, so the list can redraw its badges. */
    public ReadOnlyObjectProperty<Map<Optional<String>, ThreadFindings>> findingsProperty() {
        return findings.getReadOnlyProperty();
    }

    /** The findings of a row's thread ("All threads": of the whole trace); none before the checks are done. */
    public ThreadFindings findingsOf(ThreadSummary row) {
        return findings.get().getOrDefault(row.threadId(), ThreadFindings.NONE);
    }

    /** How many real threads (not counting "All threads"). */
    public int threadCount() {
        return threads.size() - 1;
    }
}
