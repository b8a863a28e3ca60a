package dev.tracedeck.desktop.shape;

import dev.tracedeck.analysis.shape.ChipKind;
import dev.tracedeck.analysis.shape.ShapeChip;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.text.PythonText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * A thread's state drawn as a shape: a row per turn (a user message opens one, a tool result none), a chip per
 * message coloured by kind, the turn's appended and changed chips outlined, chips a finding blames marked with the
 * rule's id, and the messages lost since the snapshot before shown struck through. A slider and ← → scrub through the
 * snapshots.
 */
public final class StateShapeView extends BorderPane {

    /** Beyond this many chips the view draws the last ones only: a state that big is read by its end. */
    static final int MAX_CHIPS = 1500;

    private final StateShapeViewModel model;
    private final Label header = new Label();
    private final Slider slider = new Slider(0, 0, 0);
    private final VBox rows = new VBox(4);
    private boolean updatingSlider;
    private HBox scrub;

    public StateShapeView(StateShapeViewModel model) {
        this.model = model;
        getStyleClass().add("state-shape-view");
        getStylesheets().add(ShapeChips.stylesheet());
        header.getStyleClass().add("shape-header");
        header.setWrapText(true);
        header.setMaxWidth(Double.MAX_VALUE);
        Button previous = new Button("←");
        Button next = new Button("→");
        previous.setOnAction(e -> model.step(-1));
        next.setOnAction(e -> model.step(1));
        previous.setTooltip(new Tooltip("Previous snapshot (←)"));
        next.setTooltip(new Tooltip("Next snapshot (→)"));
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.setSnapToTicks(true);
        slider.setBlockIncrement(1);
        slider.valueProperty().addListener((obs, old, now) -> {
            if (!updatingSlider && !slider.isValueChanging()) {
                model.show((int) Math.round(now.doubleValue()));
            }
        });
        slider.valueChangingProperty().addListener((obs, was, changing) -> {
            if (!changing) {
                model.show((int) Math.round(slider.getValue()));
            }
        });
        HBox.setHgrow(slider, Priority.ALWAYS);
        HBox scrub = new HBox(6, previous, slider, next);
        scrub.setAlignment(Pos.CENTER_LEFT);
        scrub.setPadding(new Insets(2, 8, 4, 8));
        this.scrub = scrub;
        VBox top = new VBox(header, scrub);
        rows.setPadding(new Insets(8));
        rows.getStyleClass().add("shape-rows");
        ScrollPane scroll = new ScrollPane(rows);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("shape-scroll");
        setTop(top);
        setCenter(scroll);
        setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.LEFT) {
                model.step(-1);
                e.consume();
            } else if (e.getCode() == KeyCode.RIGHT) {
                model.step(1);
                e.consume();
            }
        });
        model.frameProperty().addListener((obs, old, now) -> draw(now));
        model.statusProperty().addListener((obs, old, now) -> draw(model.getFrame()));
        draw(model.getFrame());
    }

    VBox rows() {
        return rows;
    }

    /** For a picture: no slider or buttons, only the shape and what it says. */
    public void hideControls() {
        scrub.setVisible(false);
        scrub.setManaged(false);
    }

    private void draw(ShapeFrame frame) {
        String status = model.statusProperty().get();
        rows.getChildren().clear();
        if (frame == null) {
            header.setText(status.isEmpty() ? "Select a thread to see its state." : status);
            slider.setDisable(true);
            return;
        }
        updatingSlider = true;
        slider.setDisable(frame.count() < 2);
        slider.setMax(Math.max(0, frame.count() - 1));
        slider.setValue(frame.index());
        updatingSlider = false;
        boolean dump = frame.point().payload() instanceof Payload.StateDump;
        String counts = frame.shape().counts().entrySet().stream().map(e -> e.getValue() + " " + e.getKey().label())
                .collect(Collectors.joining(" · "));
        header.setText(String.format("%s %d of %d at event %d (line %d): %d messages — %s. This turn: +%d%s%s%s",
                dump ? "Snapshot" : "History at message", frame.index() + 1, frame.count(), frame.point().seq(),
                frame.point().source().firstLine(), frame.shape().size(), counts, frame.appended().size(),
                frame.changed().isEmpty() ? "" : " ~" + frame.changed().size(),
                frame.lost().isEmpty() ? "" : " −" + frame.lost().size() + " lost",
                status.isEmpty() ? "" : " — " + status));
        List<List<ShapeChip>> turns = frame.shape().turns();
        int total = frame.shape().size();
        int skip = Math.max(0, total - MAX_CHIPS);
        if (skip > 0) {
            Label note = new Label(String.format("The first %,d of %,d messages are not drawn; the state is read by its end.", skip, total));
            note.getStyleClass().add("shape-note");
            rows.getChildren().add(note);
        }
        int turnNumber = 0;
        for (List<ShapeChip> turn : turns) {
            List<ShapeChip> drawn = turn.stream().filter(c -> c.position() >= skip).toList();
            if (!drawn.isEmpty()) {
                rows.getChildren().add(row(turnNumber == 0 && turn.get(0).kind() != ChipKind.USER ? "start" : "turn " + turnNumber,
                        drawn, frame));
            }
            turnNumber++;
        }
        if (!frame.lost().isEmpty()) {
            List<javafx.scene.Node> ghosts = new ArrayList<>();
            for (ShapeChip lost : frame.lost()) {
                Label chip = chip(lost, frame);
                chip.getStyleClass().add("shape-chip-lost");
                ghosts.add(chip);
            }
            rows.getChildren().add(ShapeChips.row("lost", ghosts));
        }
    }

    private HBox row(String label, List<ShapeChip> chips, ShapeFrame frame) {
        List<javafx.scene.Node> nodes = new ArrayList<>();
        chips.forEach(c -> nodes.add(chip(c, frame)));
        return ShapeChips.row(label, nodes);
    }

    private Label chip(ShapeChip c, ShapeFrame frame) {
        Label chip = ShapeChips.chip(c, frame.flags().getOrDefault(c.position(), List.of()), clicked -> {
            if (clicked.line() > 0) {
                model.eventAtLine(clicked.line()).ifPresent(model::reveal);
            }
        });
        if (frame.appended().contains(c.position())) {
            chip.getStyleClass().add("shape-chip-appended");
        } else if (frame.changed().contains(c.position())) {
            chip.getStyleClass().add("shape-chip-changed");
        }
        return chip;
    }
}
