package dev.tracedeck.app.workspace;

import dev.tracedeck.app.detail.DetailView;
import dev.tracedeck.app.threads.ThreadListView;
import dev.tracedeck.app.timeline.TimelineView;
import javafx.scene.control.SplitPane;

/** One trace's panes side by side: threads, timeline, detail. */
final class TraceView extends SplitPane {

    private final TimelineView timeline;

    TraceView(TraceViewModel model) {
        getStyleClass().add("trace-view");
        ThreadListView threads = new ThreadListView(model.threads());
        timeline = new TimelineView(model.timeline(), model.loaded().kindCounts());
        DetailView detail = new DetailView(model.detail());
        getItems().addAll(threads, timeline, detail);
        SplitPane.setResizableWithParent(threads, false);
        setDividerPositions(0.12, 0.65);
    }

    void focusSearch() {
        timeline.focusSearch();
    }
}
