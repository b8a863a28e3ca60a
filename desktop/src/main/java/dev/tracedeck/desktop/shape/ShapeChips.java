package dev.tracedeck.desktop.shape;

import dev.tracedeck.analysis.shape.ShapeChip;
import dev.tracedeck.model.text.PythonText;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/** Chips and turn rows, as the state view and the compare view draw them (styles in shape.css). */
public final class ShapeChips {

    private static final int SHORT_SYSTEM = 16;

    private ShapeChips() {
    }

    /** The stylesheet the chips need on a parent. */
    public static String stylesheet() {
        return ShapeChips.class.getResource("/dev/tracedeck/desktop/shape/shape.css").toExternalForm();
    }

    /**
     * One chip: its kind's colour and short text, the rule ids that flag it, a tooltip with its text and line.
     *
     * @param onClick what a click does (select its event), or null
     */
    public static Label chip(ShapeChip c, List<String> rules, Consumer<ShapeChip> onClick) {
        String text = switch (c.kind()) {
            case SYSTEM -> !c.text().isBlank() && PythonText.length(c.text().strip()) <= SHORT_SYSTEM ? c.text().strip() : "system";
            case USER -> "user";
            case ASSISTANT_CALLS -> "→ " + String.join(", ", c.toolNames());
            case ASSISTANT_TEXT -> "assistant";
            case TOOL_RESULT -> "result";
            case SUMMARY -> "summary";
            case OTHER -> "other";
        };
        Label chip = new Label(rules.isEmpty() ? text : text + "  ⚑ " + String.join(", ", rules));
        chip.getStyleClass().addAll("shape-chip", "shape-chip-" + c.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        if (!rules.isEmpty()) {
            chip.getStyleClass().add("shape-chip-flagged");
        }
        chip.setMinWidth(Region.USE_PREF_SIZE);
        Tooltip tip = new Tooltip((c.position() + 1) + ". " + c.label() + (c.line() > 0 ? " · line " + c.line() : "")
                + (rules.isEmpty() ? "" : " · flagged by " + String.join(", ", rules)) + "\n" + PythonText.abbreviate(c.text(), 600));
        tip.setWrapText(true);
        tip.setMaxWidth(520);
        chip.setTooltip(tip);
        if (onClick != null) {
            chip.setOnMouseClicked(e -> onClick.accept(c));
        }
        return chip;
    }

    /** A row: the turn's name, then its chips, wrapping. */
    public static HBox row(String label, List<? extends Node> chips) {
        Label name = new Label(label);
        name.getStyleClass().add("shape-turn");
        name.setMinWidth(Region.USE_PREF_SIZE);
        name.setPrefWidth(52);
        FlowPane flow = new FlowPane(3, 3);
        flow.getChildren().addAll(chips);
        HBox.setHgrow(flow, Priority.ALWAYS);
        HBox row = new HBox(6, name, flow);
        row.setAlignment(Pos.TOP_LEFT);
        return row;
    }
}
