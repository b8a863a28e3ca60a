package dev.tracedeck.desktop.runs;

import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.engine.tasks.TaskExecutor;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.workspace.IndexState;
import dev.tracedeck.workspace.IndexingListener;
import dev.tracedeck.workspace.SearchHit;
import dev.tracedeck.workspace.SearchQueryException;
import dev.tracedeck.workspace.UnindexedFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Full-text search across every trace in the workspace (the store's FTS5 syntax, as {@code tracedeck search}), in the
 * background: a new search drops the one still running. As {@code tracedeck search}, it first indexes the files
 * recorded since the last search. Opening a hit opens its file and selects its event.
 */
public final class SearchViewModel {

    /** Opens {@code file} in the window and selects its event {@code seq} once it is read. */
    @FunctionalInterface
    public interface HitOpener {
        void open(Path file, int seq);
    }

    static final int LIMIT = 500;

    private final Optional<WorkspaceLink> link;
    private final Optional<LatestOnly> latest;
    private final HitOpener opener;
    private final StringProperty query = new SimpleStringProperty("");
    private final ObservableList<SearchHit> hits = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");

    public SearchViewModel(Optional<WorkspaceLink> link, HitOpener opener) {
        this.link = link;
        this.latest = link.map(WorkspaceLink::runner).map((TaskRunner runner) -> new LatestOnly(runner));
        this.opener = opener;
        status.set(link.isEmpty() ? "No workspace: nothing to search." : "Words, \"a phrase\", prefix*, AND OR NOT, tools:name, args:text");
        // Hits are of the workspace they were found in: another one chosen, the query is asked of it instead.
        link.ifPresent(l -> l.switchesProperty().addListener((obs, old, now) -> search()));
    }

    public StringProperty queryProperty() {
        return query;
    }

    public ObservableList<SearchHit> hits() {
        return FXCollections.unmodifiableObservableList(hits);
    }

    /** "12 hits", "searching…", or what was wrong with the query. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public void search() {
        String q = query.get() == null ? "" : query.get().strip();
        if (link.isEmpty() || q.isEmpty()) {
            latest.ifPresent(LatestOnly::cancel);
            hits.clear();
            return;
        }
        status.set("Searching…");
        latest.get().submit("search " + q, link.get().job(store -> {
            // Recording leaves the index to the first search: the files recorded since the last one are read again first.
            store.indexPending(Importers.standard(), IndexingListener.NONE, TaskExecutor.shared().ownThreads("tracedeck-hash"));
            return new Found(store.search(q, LIMIT), store.unindexedFiles());
        }), found -> {
            hits.setAll(found.hits());
            int n = found.hits().size();
            status.set((n == 1 ? "1 hit" : n + " hits") + (n == LIMIT ? " (the first " + LIMIT + ")" : "")
                    + notSearched(found.unindexed(), IndexState.TOO_MUCH_TEXT, "too much text to index")
                    + notSearched(found.unindexed(), IndexState.NOT_YET, "not indexed (changed or gone since recorded, or unreadable)"));
        }, error -> {
            hits.clear();
            String message = String.valueOf(error.getMessage());
            if (error instanceof SearchQueryException) {
                status.set("B" + message.substring(1));
                return;
            }
            int at = message.indexOf("cannot search");
            status.set("Cannot search" + (at >= 0 ? message.substring(at + "cannot search".length()) : ": " + message));
        });
    }

    private static String notSearched(List<UnindexedFile> unindexed, IndexState state, String why) {
        List<String> names = unindexed.stream().filter(f -> f.state() == state)
                .map(f -> Path.of(f.path()).getFileName().toString()).toList();
        return names.isEmpty() ? "" : " · not searched, " + why + ": " + String.join(", ", names);
    }

    /** A search's hits, and the recorded files it could not search. */
    private record Found(List<SearchHit> hits, List<UnindexedFile> unindexed) {
    }

    public void open(SearchHit hit) {
        opener.open(Path.of(hit.file()), hit.seq());
    }
}
