package dev.tracedeck.desktop.memory;

import dev.tracedeck.analysis.memory.Memory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
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
    private static final String TIP = "memory-mark-tooltip";
    private final List<Track> tracks = new ArrayList<>();
    private final List<HBox> rows = new ArrayList<>();
    private MemoryLanes.Mark selected;

    /**
     * @param choose called with a mark clicked
     * @param open   called with a mark double-clicked: go to its call
     */
    LaneChart(MemoryLanes lanes, Consumer<MemoryLanes.Mark> choose, Consumer<MemoryLanes.Mark> open) {
        getStyleClass().add("memory-lanes");
        for (MemoryLanes.Lane lane : lanes.lanes()) {
            Track track = new Track(lane.marks(), mark -> {
                Region node = markNode(mark);
                node.setOnMouseClicked(e -> {
                    choose.accept(mark);
                    if (e.getClickCount() == 2) {
                        open.accept(mark);
                    }
                    e.consume();
                });
                return node;
            });
            tracks.add(track);
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
        // Made when the pointer first comes over the mark: a tooltip per mark is most of what thousands of marks cost.
        node.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> {
            if (node.getProperties().get(TIP) == null) {
                Tooltip tip = new Tooltip(mark.op().op().label() + (mark.op().failed() ? " (failed)" : "") + " · "
                        + mark.op().tool() + " · line " + mark.op().event().firstLine());
                node.getProperties().put(TIP, tip);
                Tooltip.install(node, tip);
            }
        });
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
            tracks.get(selected.lane()).select(-1);
            rows.get(selected.lane()).pseudoClassStateChanged(SELECTED, false);
        }
        selected = mark;
        if (mark != null) {
            tracks.get(mark.lane()).select(mark.index());
            rows.get(mark.lane()).pseudoClassStateChanged(SELECTED, true);
        }
    }

    /** The row of lane {@code lane}, to scroll to. */
    HBox row(int lane) {
        return rows.get(lane);
    }

    /**
     * The marks of one lane, placed by where they lie on the axis at the track's width. Marks closer than {@link #CELL}
     * pixels are drawn over one another, so only the last of each cell has a node (and the selected mark, in its
     * cell): a lane of ten thousand operations holds as many nodes as its width has cells, made again only when the
     * width changes. Every mark stays reachable from the keyboard, which walks the lane's marks, not its nodes.
     */
    private static final class Track extends Pane {

        private static final double PAD = 10;
        /** Wide enough that a cell's marks, 12 pixels across, overlap mostly; narrow enough that none hides a gap. */
        private static final int CELL = 3;

        private final Region line = new Region();
        private final List<MemoryLanes.Mark> marks;
        private final Function<MemoryLanes.Mark, Region> nodeOf;
        private final Map<Integer, Region> shown = new HashMap<>();
        private double laidOutWidth = -1;
        private int selected = -1;

        Track(List<MemoryLanes.Mark> marks, Function<MemoryLanes.Mark, Region> nodeOf) {
            this.marks = marks;
            this.nodeOf = nodeOf;
            getStyleClass().add("memory-track");
            setMinWidth(80);
            line.getStyleClass().add("memory-track-line");
            line.setManaged(false);
            getChildren().add(line);
        }

        /** Shows mark {@code index} selected, with a node of its own; -1: none. */
        void select(int index) {
            Region old = selected >= 0 ? shown.get(selected) : null;
            if (old != null) {
                old.pseudoClassStateChanged(SELECTED, false);
            }
            selected = index;
            if (index >= 0 && !shown.containsKey(index)) {
                laidOutWidth = -1;
                requestLayout();
            } else if (index >= 0) {
                shown.get(index).pseudoClassStateChanged(SELECTED, true);
                shown.get(index).toFront();
            }
        }

        @Override
        protected void layoutChildren() {
            double w = getWidth() - 2 * PAD;
            double h = getHeight();
            line.resizeRelocate(PAD, Math.round(h / 2), w, 1);
            if (w != laidOutWidth) {
                laidOutWidth = w;
                showCells(w);
            }
            for (Region node : shown.values()) {
                MemoryLanes.Mark mark = (MemoryLanes.Mark) node.getUserData();
                double size = node.prefWidth(-1);
                double x = PAD + mark.at() * w - size / 2;
                node.resizeRelocate(Math.round(x), Math.round((h - size) / 2), size, size);
            }
        }

        /** A node for the last mark of each cell at width {@code w}, and for the selected one; the nodes kept that still are. */
        private void showCells(double w) {
            Map<Integer, Integer> lastOfCell = new LinkedHashMap<>();
            for (int i = 0; i < marks.size(); i++) {
                lastOfCell.put((int) Math.floor(marks.get(i).at() * w / CELL), i);
            }
            Set<Integer> wanted = new TreeSet<>(lastOfCell.values());
            if (selected >= 0) {
                wanted.add(selected);
            }
            shown.keySet().removeIf(i -> {
                if (!wanted.contains(i)) {
                    getChildren().remove(shown.get(i));
                    return true;
                }
                return false;
            });
            List<Node> added = new ArrayList<>();
            for (int i : wanted) {
                if (!shown.containsKey(i)) {
                    Region node = nodeOf.apply(marks.get(i));
                    shown.put(i, node);
                    added.add(node);
                }
            }
            getChildren().addAll(added);
            if (selected >= 0) {
                shown.get(selected).pseudoClassStateChanged(SELECTED, true);
                shown.get(selected).toFront();
            }
        }
    }
}
