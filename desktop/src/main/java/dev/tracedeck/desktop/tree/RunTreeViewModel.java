package dev.tracedeck.desktop.tree;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.run.RunTree;
import dev.tracedeck.analysis.run.RunTreeBuilder;
import dev.tracedeck.analysis.run.RunWords;
import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The run tree of the trace in view: built off the FX thread the first time it is shown (and again once a followed
 * file grew), its rows opened and closed in place, a node selected with the event it stands for, and the node of the
 * event selected elsewhere revealed.
 */
public final class RunTreeViewModel {

    private Trace trace;
    private final LatestOnly builds;
    private final Consumer<Event> reveal;
    private final Supplier<List<Finding>> findings;
    private final ReadOnlyObjectWrapper<TreeOutline> outline = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyIntegerWrapper selectedRow = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyObjectWrapper<int[]> findingCounts = new ReadOnlyObjectWrapper<>(new int[0]);
    private boolean active;
    private boolean stale = true;
    private Event shownEvent;
    /** Set while a row's own selection selects its event elsewhere, which then tells this view of it. */
    private boolean selecting;

    /**
     * @param findings the findings so far, counted per node
     * @param reveal   selects an event in the other views
     */
    public RunTreeViewModel(Trace trace, TaskRunner queries, Supplier<List<Finding>> findings, Consumer<Event> reveal) {
        this.trace = trace;
        this.builds = new LatestOnly(queries);
        this.findings = findings;
        this.reveal = reveal;
    }

    /** The rows shown, or null until the tree is built. */
    public ReadOnlyObjectProperty<TreeOutline> outlineProperty() {
        return outline.getReadOnlyProperty();
    }

    public TreeOutline outline() {
        return outline.get();
    }

    /** "Building the run tree…", or how big it is. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty selectedRowProperty() {
        return selectedRow.getReadOnlyProperty();
    }

    /** How many findings each node's subtree holds. */
    public ReadOnlyObjectProperty<int[]> findingCountsProperty() {
        return findingCounts.getReadOnlyProperty();
    }

    public void setActive(boolean shown) {
        active = shown;
        if (active && stale) {
            build();
        }
    }

    /** A followed file read further: the tree is built anew when next shown. */
    public void traceGrew(Trace grown) {
        trace = grown;
        stale = true;
        if (active) {
            build();
        }
    }

    /** The findings changed: each node's count is made anew. */
    public void findingsChanged() {
        TreeOutline now = outline.get();
        if (now != null) {
            findingCounts.set(now.tree().findingCounts(findings.get()));
        }
    }

    private void build() {
        stale = false;
        Trace building = trace;
        status.set("Building the run tree…");
        builds.submit("run tree", context -> RunTreeBuilder.build(building, RunWords.of(building), context::isCancelled),
                tree -> {
                    if (tree == null) {
                        return;
                    }
                    TreeOutline made = new TreeOutline(tree);
                    outline.set(made);
                    findingsChanged();
                    status.set(String.format(java.util.Locale.ROOT, "%,d nodes", tree.size()));
                    selectedRow.set(-1);
                    if (shownEvent != null) {
                        showEvent(shownEvent);
                    }
                },
                error -> status.set("Could not build the run tree: " + error.getMessage()));
    }

    /** Selects the row: its node's event is selected in the other views. */
    public void select(int row) {
        TreeOutline now = outline.get();
        if (now == null || row < 0 || row >= now.size()) {
            return;
        }
        selectedRow.set(row);
        int seq = anchor(now.tree(), now.node(row));
        if (seq >= 0 && seq < trace.events().size()) {
            Event event = trace.event(seq);
            shownEvent = event;
            selecting = true;
            try {
                reveal.accept(event);
            } finally {
                selecting = false;
            }
        }
    }

    /** The event that stands for {@code node}: its own, else its first descendant's. */
    static int anchor(RunTree tree, int node) {
        for (int at = node; at >= 0; at = tree.childCount(at) > 0 ? tree.child(at, 0) : -1) {
            int seq = tree.anchor(at);
            if (seq >= 0) {
                return seq;
            }
        }
        return -1;
    }

    /** The event selected elsewhere: its node is revealed and selected here, without selecting the event again. */
    public void showEvent(Event event) {
        if (selecting) {
            return;
        }
        shownEvent = event;
        TreeOutline now = outline.get();
        if (now == null || event == null) {
            return;
        }
        int row = selectedRow.get();
        int node = now.tree().nodeOf(event.seq());
        if (row >= 0 && row < now.size() && now.node(row) == node) {
            return;
        }
        selectedRow.set(node < 0 ? -1 : now.reveal(node));
    }

    /** Selects no row, the tree shown from its top: a picture of the whole run rather than of one event's place. */
    public void clearSelection() {
        shownEvent = null;
        selectedRow.set(-1);
    }

    /** ← on a row: closes an open node, else goes to its parent. */
    public void left(int row) {
        TreeOutline now = outline.get();
        if (now == null || row < 0) {
            return;
        }
        if (now.isExpanded(now.node(row)) && now.tree().childCount(now.node(row)) > 0) {
            now.collapse(row);
            selectedRow.set(row);
        } else if (now.parentRow(row) >= 0) {
            select(now.parentRow(row));
        }
    }

    /** → on a row: opens a closed node, else goes to its first child. */
    public void right(int row) {
        TreeOutline now = outline.get();
        if (now == null || row < 0 || now.tree().childCount(now.node(row)) == 0) {
            return;
        }
        if (!now.isExpanded(now.node(row))) {
            now.expand(row);
            selectedRow.set(row);
        } else {
            select(row + 1);
        }
    }

    public void toggle(int row) {
        TreeOutline now = outline.get();
        if (now != null && row >= 0 && row < now.size()) {
            now.toggle(row);
            selectedRow.set(row);
        }
    }

    public void close() {
        builds.cancel();
    }
}
