package dev.tracedeck.desktop.loading;

import dev.tracedeck.desktop.detail.DetailView;
import dev.tracedeck.desktop.findings.FindingsSummary;
import dev.tracedeck.desktop.findings.FindingsView;
import dev.tracedeck.desktop.threads.ThreadListView;
import dev.tracedeck.desktop.timeline.TimelineView;
import java.nio.file.Path;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableDoubleValue;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Orientation;
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
 * has been read, in the panes the finished trace will have — threads, timeline, detail — usable at once. The findings
 * panel comes with the first thread checked: a file of conversations has each checked as soon as it is read; the
 * threads of other files are checked once the whole trace is.
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
        this(model, path, progress, cancel, threadsEdge, detailEdge, 0.7, true);
    }

    /**
     * @param findingsEdge  where the findings panel starts, as in the finished trace's panes
     * @param findingsShown whether the window shows findings panels: the one here, closed, stays closed
     */
    public LoadingView(LoadingViewModel model, Path path, ObservableDoubleValue progress, Runnable cancel,
                       double threadsEdge, double detailEdge, double findingsEdge, boolean findingsShown) {
        getStyleClass().add("loading-view");
        getStylesheets().add(LoadingView.class.getResource("loading.css").toExternalForm());
        timeline = new TimelineView(model.timeline());
        SplitPane panes = new SplitPane(timeline, new DetailView(model.detail()));
        panes.setDividerPositions(detailEdge);
        SplitPane center = new SplitPane(panes);
        center.setOrientation(Orientation.VERTICAL);
        ThreadListView threads = new ThreadListView(model.threads());
        SplitPane all = new SplitPane(threads, center);
        SplitPane.setResizableWithParent(threads, false);
        all.setDividerPositions(threadsEdge);
        getChildren().addAll(header(model, path, progress, cancel), all);
        VBox.setVgrow(all, Priority.ALWAYS);
        // Under the timeline once a thread is checked; a file whose threads are only checked whole never shows it here.
        model.findings().summaryProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends FindingsSummary> obs, FindingsSummary old, FindingsSummary now) {
                if (now.checked() > 0 && findingsShown) {
                    obs.removeListener(this);
                    FindingsView[] findings = new FindingsView[1];
                    findings[0] = new FindingsView(model.findings(), timeline::focusTable,
                            () -> center.getItems().remove(findings[0]));
                    SplitPane.setResizableWithParent(findings[0], false);
                    center.getItems().add(findings[0]);
                    center.setDividerPositions(findingsEdge);
                }
            }
        });
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
        Label note = new Label();
        // A file of conversations has its threads checked as they are read: its findings come meanwhile.
        note.textProperty().bind(Bindings.createStringBinding(() -> model.findings().summaryProperty().get().checked() > 0
                ? "Findings of the threads read so far below"
                : model.checkingAsReadProperty().get() ? "Checking the threads as they are read…"
                : "Findings follow once the whole file is read",
                model.findings().summaryProperty(), model.checkingAsReadProperty()));
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
