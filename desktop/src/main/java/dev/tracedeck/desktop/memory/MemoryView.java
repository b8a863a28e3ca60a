package dev.tracedeck.desktop.memory;

import dev.tracedeck.analysis.memory.MemoryOp;
import dev.tracedeck.analysis.memory.ValueLines;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The Memory view: a lane per memory the agent keeps (a Letta block, a Mycelian memory's entries or context, a memory
 * file, the todo list), a mark per operation on the run's axis; under them, the selected mark's memory as it was after
 * the call, the lines it added and removed marked in place, and a link to the call. ← → go along a lane, ↑ ↓ between
 * lanes, Enter selects the call in the other views. A trace without memory says why in words.
 */
public final class MemoryView extends BorderPane {

    private static final PseudoClass ADDED = PseudoClass.getPseudoClass("added");
    private static final PseudoClass REMOVED = PseudoClass.getPseudoClass("removed");
    private final MemoryViewModel model;
    private final Label counts = new Label();
    private final StackPane body = new StackPane();
    private final StackPane lanesPane = new StackPane();
    private final Label title = new Label();
    private final Label facts = new Label();
    private final Hyperlink call = new Hyperlink();
    private final Label note = new Label();
    private final ListView<ValueLines.Line> value = new ListView<>();
    private final SplitPane split;
    private LaneChart chart;

    public MemoryView(MemoryViewModel model) {
        this.model = model;
        getStyleClass().add("memory-view");
        // As small as the other views beside the detail: the tab pane takes the tallest of its tabs as its own.
        setMinSize(0, 0);
        setPrefSize(300, 200);
        getStylesheets().add(MemoryView.class.getResource("/dev/tracedeck/desktop/memory/memory.css").toExternalForm());
        setTop(header());
        lanesPane.getStyleClass().add("memory-lanes-pane");
        split = new SplitPane(lanesPane, detailPane());
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.42);
        setCenter(body);
        model.lanesProperty().addListener((obs, old, now) -> show(now));
        model.selectedProperty().addListener((obs, old, now) -> showSelected(now));
        model.detailProperty().addListener((obs, old, now) -> showDetail(now));
        // On the view, not the lanes: Ctrl+8 gives the view the keys, and they act wherever the focus is inside it.
        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.isShortcutDown() || e.isAltDown() || e.isShiftDown()) {
                return;
            }
            switch (e.getCode()) {
                case LEFT -> model.step(-1);
                case RIGHT -> model.step(1);
                case UP -> model.changeLane(-1);
                case DOWN -> model.changeLane(1);
                case ENTER -> model.jump();
                default -> {
                    return;
                }
            }
            e.consume();
        });
        show(model.lanes());
        showSelected(model.selectedProperty().get());
        showDetail(model.detailProperty().get());
    }

    private HBox header() {
        Label name = new Label("MEMORY");
        name.getStyleClass().add("pane-title");
        counts.getStyleClass().add("pane-count");
        HBox legend = new HBox();
        legend.getStyleClass().add("memory-legend");
        legend.setAlignment(Pos.CENTER_LEFT);
        for (MemoryOp op : MemoryOp.values()) {
            Region mark = new Region();
            mark.getStyleClass().addAll("memory-mark", "mark-" + op.label());
            Label word = new Label(op.label(), mark);
            word.getStyleClass().add("memory-legend-item");
            legend.getChildren().add(word);
        }
        Label status = new Label();
        status.getStyleClass().add("event-count");
        status.textProperty().bind(model.statusProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox header = new HBox(name, counts, legend, gap, status);
        header.getStyleClass().add("pane-header");
        header.setAlignment(Pos.CENTER_LEFT);
        return header;
    }

    private VBox detailPane() {
        title.getStyleClass().add("memory-detail-title");
        facts.getStyleClass().add("memory-detail-facts");
        call.setId("memory-call");
        call.getStyleClass().add("memory-call");
        call.setFocusTraversable(false);
        call.setOnAction(e -> model.jump());
        note.getStyleClass().add("memory-note");
        note.setWrapText(true);
        value.setId("memory-value");
        value.getStyleClass().add("memory-value");
        value.setFocusTraversable(false);
        value.setCellFactory(list -> new LineCell());
        value.setPlaceholder(new Label(""));
        HBox top = new HBox(10, title, call);
        top.setAlignment(Pos.BASELINE_LEFT);
        VBox box = new VBox(top, facts, note, value);
        box.getStyleClass().add("memory-detail");
        VBox.setVgrow(value, Priority.ALWAYS);
        return box;
    }

    private void show(MemoryLanes lanes) {
        if (lanes == null) {
            counts.setText("");
            body.getChildren().setAll(placeholder("Reading the memories…"));
            chart = null;
            return;
        }
        if (lanes.lanes().isEmpty()) {
            counts.setText("");
            Label empty = placeholder(lanes.empty());
            empty.setId("memory-empty");
            body.getChildren().setAll(empty);
            chart = null;
            return;
        }
        int memories = lanes.lanes().size();
        int ops = lanes.operations();
        counts.setText(String.format(Locale.ROOT, "%d %s · %,d %s", memories, memories == 1 ? "memory" : "memories",
                ops, ops == 1 ? "operation" : "operations"));
        chart = new LaneChart(lanes, model::select, mark -> {
            model.select(mark);
            model.jump();
        });
        // A filter: the lanes take their presses themselves, and the view's keys want the focus wherever it was.
        chart.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> requestFocus());
        lanesPane.getChildren().setAll(chart);
        body.getChildren().setAll(split);
        fitLanes();
        showSelected(model.selectedProperty().get());
    }

    /**
     * The lanes as tall as they are, at most half the view and at least an eighth, the value taking the rest: a few
     * memories leave no empty band, many scroll. Once per reading; a divider the user moved afterwards stays.
     */
    private void fitLanes() {
        Runnable fit = () -> {
            double height = split.getHeight();
            if (chart != null && height > 0) {
                double lanes = chart.prefHeight(split.getWidth()) + 2;
                split.setDividerPositions(Math.max(0.12, Math.min(0.5, lanes / height)));
            }
        };
        if (split.getHeight() > 0) {
            fit.run();
        } else {
            split.heightProperty().addListener(new javafx.beans.value.ChangeListener<>() {
                @Override
                public void changed(javafx.beans.value.ObservableValue<? extends Number> obs, Number old, Number now) {
                    if (now.doubleValue() > 0) {
                        split.heightProperty().removeListener(this);
                        fit.run();
                    }
                }
            });
        }
    }

    private static Label placeholder(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("memory-placeholder");
        label.setWrapText(true);
        StackPane.setAlignment(label, Pos.CENTER);
        return label;
    }

    private void showSelected(MemoryLanes.Mark mark) {
        if (chart == null) {
            return;
        }
        chart.select(mark);
        if (mark == null) {
            title.setText("");
            facts.setText("");
            call.setVisible(false);
            note.setText("Select a mark to see the memory's value at that point: ← → go along a memory, ↑ ↓ between"
                    + " memories, Enter goes to the call.");
            value.setItems(FXCollections.observableArrayList());
            return;
        }
        call.setText("Go to the call (line " + mark.op().event().source().firstLine() + ") ⏎");
        call.setVisible(true);
        scrollTo(mark.lane());
    }

    private void showDetail(MarkDetail detail) {
        if (detail == null) {
            return;
        }
        title.setText(detail.title());
        facts.setText(detail.facts());
        note.setText(detail.note());
        note.setManaged(!detail.note().isEmpty());
        note.setVisible(!detail.note().isEmpty());
        value.setItems(FXCollections.observableList(detail.lines()));
        int first = detail.lines().stream().map(ValueLines.Line::mark).toList().indexOf(ValueLines.Mark.REMOVED);
        int added = detail.lines().stream().map(ValueLines.Line::mark).toList().indexOf(ValueLines.Mark.ADDED);
        int change = first < 0 ? added : added < 0 ? first : Math.min(first, added);
        value.scrollTo(Math.max(0, change - 3));
    }

    /** Brings the lane into view when the keys moved to a lane scrolled away. */
    private void scrollTo(int lane) {
        if (chart != null) {
            chart.scrollTo(lane);
        }
    }

    /** The lanes, for tests and pictures. */
    LaneChart chart() {
        return chart;
    }

    /** The value's lines as shown, for tests. */
    public ListView<ValueLines.Line> valueList() {
        return value;
    }

    /** For a picture: no scroll bars, nothing to press. */
    public void forPicture() {
        getStyleClass().add("picture");
    }

    /** One line of the value: "+" added, "−" removed (struck through), kept lines plain. */
    private static final class LineCell extends ListCell<ValueLines.Line> {

        LineCell() {
            getStyleClass().add("memory-line");
        }

        @Override
        protected void updateItem(ValueLines.Line line, boolean empty) {
            super.updateItem(line, empty);
            pseudoClassStateChanged(ADDED, !empty && line != null && line.mark() == ValueLines.Mark.ADDED);
            pseudoClassStateChanged(REMOVED, !empty && line != null && line.mark() == ValueLines.Mark.REMOVED);
            if (empty || line == null) {
                setText(null);
                return;
            }
            String sign = switch (line.mark()) {
                case ADDED -> "+ ";
                case REMOVED -> "− ";
                case KEPT -> "  ";
            };
            setText(sign + line.text());
        }
    }
}
