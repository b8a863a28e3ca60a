package dev.tracedeck.desktop.memory;

import dev.tracedeck.analysis.memory.Memory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The lanes: a row per memory, its name and what it is on the left, its operations as marks along the run's axis on
 * the right, each operation's kind a shape and colour of its own (memory.css), a failed call's mark hollow. Under
 * them the axis, first event to last.
 */
final class LaneChart extends VBox {

    static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");
    private static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");
    private static final double LABEL_WIDTH = 240;
    private final List<List<Region>> marks = new ArrayList<>();
    private final List<HBox> rows = new ArrayList<>();
    private Region selected;

    /**
     * @param choose called with a mark clicked
     * @param open   called with a mark double-clicked: go to its call
     */
    LaneChart(MemoryLanes lanes, Consumer<MemoryLanes.Mark> choose, Consumer<MemoryLanes.Mark> open) {
        getStyleClass().add("memory-lanes");
        for (MemoryLanes.Lane lane : lanes.lanes()) {
            Track track = new Track();
            List<Region> nodes = new ArrayList<>();
            for (MemoryLanes.Mark mark : lane.marks()) {
                Region node = markNode(mark);
                node.setOnMouseClicked(e -> {
                    choose.accept(mark);
                    if (e.getClickCount() == 2) {
                        open.accept(mark);
                    }
                    e.consume();
                });
                nodes.add(node);
                track.getChildren().add(node);
            }
            marks.add(nodes);
            HBox.setHgrow(track, Priority.ALWAYS);
            HBox row = new HBox(laneLabel(lane), track);
            row.getStyleClass().add("memory-lane");
            row.setAlignment(Pos.CENTER_LEFT);
            rows.add(row);
            getChildren().add(row);
        }
        getChildren().add(axis(lanes.events()));
    }

    /** A mark of the operation's kind, hollow when the call failed. */
    static Region markNode(MemoryLanes.Mark mark) {
        Region node = new Region();
        node.getStyleClass().addAll("memory-mark", "mark-" + mark.op().op().label());
        node.pseudoClassStateChanged(FAILED, mark.op().failed());
        node.setUserData(mark);
        Tooltip.install(node, new Tooltip(mark.op().op().label() + (mark.op().failed() ? " (failed)" : "") + " · "
                + mark.op().tool() + " · line " + mark.op().event().source().firstLine()));
        return node;
    }

    private static VBox laneLabel(MemoryLanes.Lane lane) {
        Memory memory = lane.memory();
        Label name = new Label(lane.label());
        name.getStyleClass().add("memory-lane-name");
        // A file's path says the most at its end; a Mycelian memory's id and part at both ends (ids share their start).
        name.setTextOverrun(memory.kind().equals("file") ? OverrunStyle.LEADING_ELLIPSIS : OverrunStyle.CENTER_ELLIPSIS);
        name.setTooltip(new Tooltip(lane.label()));
        int ops = lane.marks().size();
        String about = (lane.thread().isEmpty() ? "" : lane.thread() + " · ") + memory.kind() + " · " + ops + (ops == 1 ? " operation" : " operations")
                + (memory.limit().isPresent() ? String.format(Locale.ROOT, " · limit %,d", memory.limit().getAsInt()) : "");
        Label kind = new Label(about);
        kind.getStyleClass().add("memory-lane-kind");
        kind.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
        kind.setTooltip(new Tooltip(about));
        VBox box = new VBox(name, kind);
        box.getStyleClass().add("memory-lane-label");
        box.setMinWidth(LABEL_WIDTH);
        box.setPrefWidth(LABEL_WIDTH);
        box.setMaxWidth(LABEL_WIDTH);
        return box;
    }

    private static HBox axis(int events) {
        Region gap = new Region();
        gap.setMinWidth(LABEL_WIDTH);
        Label first = new Label("event 1");
        Label middle = new Label("the run's events in order");
        Label last = new Label(String.format(Locale.ROOT, "event %,d", Math.max(1, events)));
        Region left = new Region();
        Region right = new Region();
        HBox.setHgrow(left, Priority.ALWAYS);
        HBox.setHgrow(right, Priority.ALWAYS);
        HBox axis = new HBox(gap, first, left, middle, right, last);
        axis.getStyleClass().add("memory-axis");
        return axis;
    }

    /** Marks {@code mark} selected, and only it; null: none. */
    void select(MemoryLanes.Mark mark) {
        if (selected != null) {
            selected.pseudoClassStateChanged(SELECTED, false);
            rows.forEach(r -> r.pseudoClassStateChanged(SELECTED, false));
        }
        selected = mark == null ? null : marks.get(mark.lane()).get(mark.index());
        if (selected != null) {
            selected.pseudoClassStateChanged(SELECTED, true);
            selected.toFront();
            rows.get(mark.lane()).pseudoClassStateChanged(SELECTED, true);
        }
    }

    /** The row of lane {@code lane}, to scroll to. */
    HBox row(int lane) {
        return rows.get(lane);
    }

    /** The marks of one lane, placed by where they lie on the axis at the track's width. */
    private static final class Track extends Pane {

        private static final double PAD = 10;

        private final Region line = new Region();

        Track() {
            getStyleClass().add("memory-track");
            setMinWidth(80);
            line.getStyleClass().add("memory-track-line");
            line.setManaged(false);
            getChildren().add(line);
        }

        @Override
        protected void layoutChildren() {
            double w = getWidth() - 2 * PAD;
            double h = getHeight();
            line.resizeRelocate(PAD, Math.round(h / 2), w, 1);
            for (javafx.scene.Node child : getChildren()) {
                if (child instanceof Region node && node.getUserData() instanceof MemoryLanes.Mark mark) {
                    double size = node.prefWidth(-1);
                    double x = PAD + mark.at() * w - size / 2;
                    node.resizeRelocate(Math.round(x), Math.round((h - size) / 2), size, size);
                }
            }
        }
    }
}
