package dev.tracedeck.desktop.threads;

import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.triage.FindingFingerprints;
import dev.tracedeck.desktop.triage.TriageMarks;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.InvalidationListener;
import javafx.beans.WeakInvalidationListener;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The threads of a trace with "All threads" first; exactly one row is selected at all times. */
public final class ThreadListViewModel {

    private final ObservableList<ThreadSummary> rows;
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
        if (rows.isEmpty() || !rows.get(0).isAll()) {
            throw new IllegalArgumentException("the first row must be \"All threads\"");
        }
        this.rows = FXCollections.observableArrayList(rows);
        this.threads = FXCollections.unmodifiableObservableList(this.rows);
        this.selected = new ReadOnlyObjectWrapper<>(rows.get(0));
    }

    /**
     * New counts for the threads of a file still being read, and the threads it has reached since: the selected
     * thread stays selected.
     */
    public void replaceRows(List<ThreadSummary> now) {
        if (now.isEmpty() || !now.get(0).isAll()) {
            throw new IllegalArgumentException("the first row must be \"All threads\"");
        }
        Optional<String> id = selectedThreadId();
        replacing = true;
        try {
            rows.setAll(now);
        } finally {
            replacing = false;
        }
        selected.set(now.stream().filter(r -> r.threadId().equals(id)).findFirst().orElse(now.get(0)));
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
