package dev.tracedeck.app.workspace;

import dev.tracedeck.app.detail.DetailView;
import dev.tracedeck.app.findings.FindingsView;
import dev.tracedeck.app.threads.ThreadListView;
import dev.tracedeck.app.timeline.TimelineView;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;

/**
 * One trace's panes: threads down the left, timeline and detail side by side, the findings panel under
 * them (like an IDE's problems view) while the window shows it.
 */
final class TraceView extends SplitPane {

    private static final double FINDINGS_DIVIDER = 0.68;

    private final TimelineView timeline;
    private final FindingsView findings;
    private final SplitPane center = new SplitPane();
    /** Bound to the window's choice; a binding holds the window's property only weakly, so a closed tab can go. */
    private final BooleanProperty findingsShown = new SimpleBooleanProperty();
    private double findingsDivider = FINDINGS_DIVIDER;

    TraceView(TraceViewModel model, ReadOnlyBooleanProperty showFindings, Runnable hideFindings) {
        getStyleClass().add("trace-view");
        ThreadListView threads = new ThreadListView(model.threads());
        timeline = new TimelineView(model.timeline(), model.loaded().kindCounts());
        DetailView detail = new DetailView(model.detail());
        findings = new FindingsView(model.findings(), timeline::focusTable, hideFindings);
        SplitPane panes = new SplitPane(timeline, detail);
        panes.setDividerPositions(0.6);
        center.setOrientation(Orientation.VERTICAL);
        center.getItems().add(panes);
        getItems().addAll(threads, center);
        SplitPane.setResizableWithParent(threads, false);
        SplitPane.setResizableWithParent(findings, false);
        setDividerPositions(0.12);
        findingsShown.addListener((obs, old, shown) -> showFindings(shown));
        findingsShown.bind(showFindings);
        showFindings(findingsShown.get());
    }

    void focusSearch() {
        timeline.focusSearch();
    }

    void focusFindings() {
        findings.focusList();
    }

    private void showFindings(boolean shown) {
        if (shown && !center.getItems().contains(findings)) {
            center.getItems().add(findings);
            center.setDividerPositions(findingsDivider);
        } else if (!shown && center.getItems().contains(findings)) {
            findingsDivider = center.getDividerPositions()[0];
            center.getItems().remove(findings);
        }
    }
}
