package dev.tracedeck.desktop.runs;

import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.workspace.FileStatus;
import dev.tracedeck.workspace.RunRecord;
import dev.tracedeck.workspace.TriageProgress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;

/**
 * Every trace the workspace holds, for the runs table and File ▸ Open Recent: read in the background, most
 * recently opened first, filtered by a text (any part of the path, the format or the file's status). Opening a
 * row opens its file in the window, or where it moved to; a missing file is a notice.
 */
public final class RunsViewModel {

    private final Optional<WorkspaceLink> link;
    private final Consumer<Path> opener;
    private final NoticesViewModel notices;
    private final ObservableList<RunRow> rows = FXCollections.observableArrayList();
    private final FilteredList<RunRow> filtered = new FilteredList<>(rows);
    private final SortedList<RunRow> sorted = new SortedList<>(filtered);
    private final StringProperty filter = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");

    /** @param opener opens a file in the window */
    public RunsViewModel(Optional<WorkspaceLink> link, Consumer<Path> opener, NoticesViewModel notices) {
        this.link = link;
        this.opener = opener;
        this.notices = notices;
        filter.addListener((obs, old, now) -> applyFilter());
        status.set(link.isEmpty() ? "No workspace: nothing is recorded in this window." : "");
    }

    /** Reads the runs again, in the background. */
    public void refresh() {
        link.ifPresent(l -> l.submit("list the runs", store -> {
            List<RunRecord> runs = store.runs();
            Map<String, TriageProgress> progress = store.triageProgress();
            List<RunRow> read = new ArrayList<>(runs.size());
            runs.forEach(r -> read.add(new RunRow(r, progress.getOrDefault(r.file().path(), TriageProgress.NONE))));
            return read;
        }, read -> {
            rows.setAll(read);
            applyFilter();
        }));
    }

    /** Every run, most recently opened first. */
    public ObservableList<RunRow> rows() {
        return FXCollections.unmodifiableObservableList(rows);
    }

    /** The runs the filter lets through, sorted as the table's comparator says (bind it). */
    public SortedList<RunRow> sorted() {
        return sorted;
    }

    public StringProperty filterProperty() {
        return filter;
    }

    /** "12 runs", "3 of 12 runs", or why there are none. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The {@code limit} runs opened last whose files are still there, for File ▸ Open Recent. */
    public List<RunRow> recent(int limit) {
        return rows.stream().filter(r -> r.run().status() != FileStatus.MISSING).limit(limit).toList();
    }

    public void open(RunRow row) {
        if (row.run().status() == FileStatus.MISSING) {
            notices.post(Notice.error(row.path() + " is no longer there (and no copy of it is recorded)."));
            return;
        }
        opener.accept(row.fileToOpen());
    }

    private void applyFilter() {
        String text = filter.get() == null ? "" : filter.get().strip().toLowerCase(Locale.ROOT);
        Predicate<RunRow> keep = text.isEmpty() ? r -> true : r -> (r.path() + " " + r.run().format() + " " + r.statusText())
                .toLowerCase(Locale.ROOT).contains(text);
        filtered.setPredicate(keep);
        if (link.isPresent()) {
            String runs = rows.size() == 1 ? " run" : " runs";
            status.set(filtered.size() == rows.size() ? rows.size() + runs : filtered.size() + " of " + rows.size() + runs);
        }
    }
}
