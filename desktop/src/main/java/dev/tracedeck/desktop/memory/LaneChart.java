package dev.tracedeck.desktop.memory;

import dev.tracedeck.analysis.memory.Memory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The lanes: a row per memory, its name and what it is on the left, its operations as marks along the run's axis on
 * the right, each operation's kind a shape and colour of its own (memory.css), a failed call's mark hollow; under them
 * the axis, first event to last. Only the rows in view exist (a list of fixed-height cells), and each draws its marks
 * on a canvas: thousands of operations make no node of their own.
 */
final class LaneChart extends VBox {

    static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");
    private static final double LABEL_WIDTH = 240;
    private static final double ROW_HEIGHT = 38;
    private final ListView<MemoryLanes.Lane> list = new ListView<>();
    private final List<LaneCell> cells = new ArrayList<>();
    private final MarkStyle style;
    private MemoryLanes.Mark selected;

    /**
     * @param choose called with a mark clicked
     * @param open   called with a mark double-clicked: go to its call
     */
    LaneChart(MemoryLanes lanes, Consumer<MemoryLanes.Mark> choose, Consumer<MemoryLanes.Mark> open) {
        getStyleClass().add("memory-lanes");
        style = new MarkStyle(() -> cells.forEach(c -> c.track.redraw()));
        list.getStyleClass().add("memory-lane-list");
        list.setFixedCellSize(ROW_HEIGHT);
        list.setFocusTraversable(false);
        list.setItems(FXCollections.observableList(lanes.lanes()));
        list.setCellFactory(l -> {
            LaneCell cell = new LaneCell(style, choose, open);
            cells.add(cell);
            return cell;
        });
        // As tall as its rows, the axis right under them; many rows scroll in what the view gives the lanes.
        list.setPrefHeight(lanes.lanes().size() * ROW_HEIGHT + 2);
        list.setMaxHeight(Region.USE_PREF_SIZE);
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().addAll(list, axis(lanes.events()), style.looks());
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

    /** Marks {@code mark} selected, and only it, its lane's row too; null: none. */
    void select(MemoryLanes.Mark mark) {
        selected = mark;
        if (mark == null) {
            list.getSelectionModel().clearSelection();
        } else {
            list.getSelectionModel().clearAndSelect(mark.lane());
        }
        for (LaneCell cell : cells) {
            cell.showSelected();
        }
    }

    /** Brings lane {@code lane} into view, scrolling no further than that. */
    void scrollTo(int lane) {
        if (list.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
            flow.scrollTo(lane);
        }
    }

    /** The track of lane {@code lane} while its row is in view, for tests and pictures. */
    LaneTrack track(int lane) {
        return cells.stream().filter(c -> !c.isEmpty() && c.getIndex() == lane && c.isVisible()).map(c -> c.track)
                .findFirst().orElse(null);
    }

    /** A lane's row: its name and what it is, then its track. */
    private final class LaneCell extends ListCell<MemoryLanes.Lane> {

        private final Label name = new Label();
        private final Label kind = new Label();
        private final Tooltip nameTip = new Tooltip();
        private final Tooltip kindTip = new Tooltip();
        private final LaneTrack track;
        private final HBox row;

        LaneCell(MarkStyle style, Consumer<MemoryLanes.Mark> choose, Consumer<MemoryLanes.Mark> open) {
            getStyleClass().add("memory-lane");
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
            track = new LaneTrack(style, choose, open);
            name.getStyleClass().add("memory-lane-name");
            name.setTooltip(nameTip);
            kind.getStyleClass().add("memory-lane-kind");
            kind.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
            kind.setTooltip(kindTip);
            VBox label = new VBox(name, kind);
            label.getStyleClass().add("memory-lane-label");
            label.setMinWidth(LABEL_WIDTH);
            label.setPrefWidth(LABEL_WIDTH);
            label.setMaxWidth(LABEL_WIDTH);
            HBox.setHgrow(track, Priority.ALWAYS);
            row = new HBox(label, track);
            row.setAlignment(Pos.CENTER_LEFT);
            // A press on the name is not a choice of row: the lane's row is selected with its mark, by the view.
            row.addEventHandler(MouseEvent.MOUSE_PRESSED, MouseEvent::consume);
        }

        @Override
        protected void updateItem(MemoryLanes.Lane lane, boolean empty) {
            super.updateItem(lane, empty);
            if (empty || lane == null) {
                track.show(null, null);
                setGraphic(null);
                return;
            }
            Memory memory = lane.memory();
            name.setText(lane.label());
            name.setTextOverrun(overrun(memory.kind()));
            nameTip.setText(lane.label());
            int ops = lane.marks().size();
            // The counts first and the thread last, cut at the end: a thread's name is the longest part and the tooltip
            // holds it whole.
            String about = memory.kind() + " · " + ops + (ops == 1 ? " operation" : " operations")
                    + (memory.limit().isPresent() ? String.format(Locale.ROOT, " · limit %,d", memory.limit().getAsInt()) : "")
                    + (lane.thread().isEmpty() ? "" : " · " + lane.thread());
            kind.setText(about);
            kind.setTextOverrun(OverrunStyle.ELLIPSIS);
            kindTip.setText(about);
            track.show(lane, selected);
            setGraphic(row);
        }

        void showSelected() {
            if (!isEmpty() && getItem() != null) {
                track.show(getItem(), selected);
            }
        }
    }

    /**
     * Where a name too long for its lane is cut: a file's path says the most at its end; a mem0 memory, named by the
     * start of its first value, at its start; a Mycelian memory's id and part at both ends (ids share their start).
     */
    static OverrunStyle overrun(String kind) {
        return switch (kind) {
            case "file" -> OverrunStyle.LEADING_ELLIPSIS;
            case "mem0 memory" -> OverrunStyle.ELLIPSIS;
            default -> OverrunStyle.CENTER_ELLIPSIS;
        };
    }
}
