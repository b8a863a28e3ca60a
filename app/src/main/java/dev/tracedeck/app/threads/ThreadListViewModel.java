package dev.tracedeck.app.threads;

import java.util.List;
import java.util.Optional;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The threads of a trace with "All threads" first; exactly one row is selected at all times. */
public final class ThreadListViewModel {

    private final ObservableList<ThreadSummary> threads;
    private final ReadOnlyObjectWrapper<ThreadSummary> selected;

    public ThreadListViewModel(List<ThreadSummary> rows) {
        if (rows.isEmpty() || !rows.get(0).isAll()) {
            throw new IllegalArgumentException("the first row must be \"All threads\"");
        }
        this.threads = FXCollections.unmodifiableObservableList(FXCollections.observableArrayList(rows));
        this.selected = new ReadOnlyObjectWrapper<>(rows.get(0));
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
        selected.set(row == null || !threads.contains(row) ? threads.get(0) : row);
    }

    /** The thread whose events to show, empty for all. */
    public Optional<String> selectedThreadId() {
        return selected.get().threadId();
    }

    /** How many real threads (not counting "All threads"). */
    public int threadCount() {
        return threads.size() - 1;
    }
}
