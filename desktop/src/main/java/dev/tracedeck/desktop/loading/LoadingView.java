package dev.tracedeck.desktop.loading;

import dev.tracedeck.desktop.detail.DetailView;
import dev.tracedeck.desktop.threads.ThreadListView;
import dev.tracedeck.desktop.timeline.TimelineView;
import java.nio.file.Path;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableDoubleValue;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * What a tab shows while its file is read: how far along and a way out on top, and under it the file as far as it
 * has been read, in the panes the finished trace will have — threads, timeline, detail — usable at once. The
 * findings panel comes with the finished trace, once the rules have something whole to check.
 */
public final class LoadingView extends VBox {

    private final TimelineView timeline;

    /**
     * @param progress fraction of the file read, negative while unknown
     * @param threadsEdge where the thread list ends and {@code detailEdge} where the detail pane starts, as the
     *                    finished trace's panes divide
     */
    public LoadingView(LoadingViewModel model, Path path, ObservableDoubleValue progress, Runnable cancel,
                       double threadsEdge, double detailEdge) {
        getStyleClass().add("loading-view");
        getStylesheets().add(LoadingView.class.getResource("loading.css").toExternalForm());
        timeline = new TimelineView(model.timeline());
        SplitPane panes = new SplitPane(timeline, new DetailView(model.detail()));
        panes.setDividerPositions(detailEdge);
        ThreadListView threads = new ThreadListView(model.threads());
        SplitPane all = new SplitPane(threads, panes);
        SplitPane.setResizableWithParent(threads, false);
        all.setDividerPositions(threadsEdge);
        getChildren().addAll(header(model, path, progress, cancel), all);
        VBox.setVgrow(all, Priority.ALWAYS);
    }

    private static HBox header(LoadingViewModel model, Path path, ObservableDoubleValue progress, Runnable cancel) {
        String name = String.valueOf(path.getFileName() == null ? path : path.getFileName());
        Label title = new Label();
        // Once every byte is read the trace is still being put together (threads, LLM calls paired): say so.
        title.textProperty().bind(Bindings.createStringBinding(
                () -> (progress.get() >= 1 ? "Putting together " : "Reading ") + name, progress));
        title.getStyleClass().add("loading-title");
        title.setTooltip(new Tooltip(path.toString()));
        title.setMinWidth(Region.USE_PREF_SIZE);
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(progress);
        bar.getStyleClass().add("loading-bar");
        Label counts = new Label();
        counts.setId("loading-counts");
        counts.getStyleClass().add("loading-counts");
        counts.textProperty().bind(model.countsProperty());
        Label note = new Label("Findings follow once the whole file is read");
        note.getStyleClass().add("loading-note");
        note.setMinWidth(0);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Button stop = new Button("Cancel");
        stop.setId("cancel-import");
        stop.setOnAction(e -> cancel.run());
        HBox header = new HBox(title, bar, counts, gap, note, stop);
        header.getStyleClass().add("loading-header");
        return header;
    }

    /** Puts the caret in the timeline's search box. */
    public void focusSearch() {
        timeline.focusSearch();
    }
}
