package dev.tracedeck.desktop.prune;

import dev.tracedeck.analysis.prune.PruneStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The strategies, in the order they apply, each with its arguments: whole numbers in spinners, fractions on
 * sliders. Moving a control sets the argument in the view-model; a change the view-model makes (a clamp, the other
 * end of a token budget) comes back into the controls without rebuilding them, so a spinner keeps its focus.
 */
final class StrategyList extends VBox {

    private final PlaygroundViewModel model;
    private final VBox rows = new VBox();
    private final List<Row> shown = new ArrayList<>();

    StrategyList(PlaygroundViewModel model) {
        this.model = model;
        getStyleClass().add("strategy-list");
        Label title = new Label("STRATEGIES");
        title.getStyleClass().add("pane-title");
        Label order = new Label("applied top to bottom");
        order.getStyleClass().add("pane-count");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        MenuButton add = new MenuButton("Add");
        add.setId("add-strategy");
        add.getStyleClass().add("strategy-add");
        for (StrategyKind kind : StrategyKind.values()) {
            MenuItem item = new MenuItem(kind.id() + "  —  " + kind.description());
            // The names are the command line's, underscores and all: none of them is a mnemonic.
            item.setMnemonicParsing(false);
            item.setId("add-" + kind.id());
            item.setOnAction(e -> model.addStrategy(kind));
            add.getItems().add(item);
        }
        HBox header = new HBox(title, order, gap, add);
        header.getStyleClass().add("pane-header");
        rows.getStyleClass().add("strategy-rows");
        ScrollPane scroll = new ScrollPane(rows);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("strategy-scroll");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(header, scroll);
        model.strategies().addListener((ListChangeListener<PruneStrategy>) this::changed);
        rebuild();
    }

    private void changed(ListChangeListener.Change<? extends PruneStrategy> change) {
        boolean structural = false;
        while (change.next()) {
            boolean sameKinds = change.wasReplaced() && change.getRemovedSize() == change.getAddedSize();
            for (int i = change.getFrom(); sameKinds && i < change.getTo(); i++) {
                sameKinds = i < shown.size() && shown.get(i).kind == StrategyKind.of(model.strategies().get(i));
            }
            if (sameKinds) {
                for (int i = change.getFrom(); i < change.getTo(); i++) {
                    shown.get(i).show(model.strategies().get(i));
                }
            } else {
                structural = true;
            }
        }
        if (structural) {
            rebuild();
        }
    }

    private void rebuild() {
        shown.clear();
        List<PruneStrategy> all = model.strategies();
        for (int i = 0; i < all.size(); i++) {
            shown.add(new Row(i, all.get(i), all.size()));
        }
        if (shown.isEmpty()) {
            Label none = new Label("No strategy: the history is sent as it is. Add one above.");
            none.getStyleClass().add("strategy-empty");
            none.setWrapText(true);
            rows.getChildren().setAll(none);
        } else {
            rows.getChildren().setAll(shown.stream().map(r -> (Node) r.box).toList());
        }
    }

    /** One strategy: its name, its place and removal buttons, and a control per argument. */
    private final class Row {
        final StrategyKind kind;
        final VBox box = new VBox();
        final List<Spinner<Integer>> spinners = new ArrayList<>();
        final List<Slider> sliders = new ArrayList<>();
        final List<Label> sliderValues = new ArrayList<>();

        Row(int index, PruneStrategy strategy, int count) {
            kind = StrategyKind.of(strategy);
            box.getStyleClass().add("strategy-row");
            box.setId("strategy-" + index);
            Label name = new Label(kind.id());
            name.getStyleClass().add("strategy-name");
            Tooltip.install(name, new Tooltip(kind.description()));
            Region gap = new Region();
            HBox.setHgrow(gap, Priority.ALWAYS);
            Button up = button("↑", "Apply earlier", () -> model.moveStrategy(index, -1));
            up.setDisable(index == 0);
            Button down = button("↓", "Apply later", () -> model.moveStrategy(index, +1));
            down.setDisable(index == count - 1);
            Button remove = button("✕", "Remove", () -> model.removeStrategy(index));
            remove.getStyleClass().add("strategy-remove");
            HBox header = new HBox(name, gap, up, down, remove);
            header.getStyleClass().add("strategy-row-header");
            box.getChildren().add(header);
            List<StrategyParameter> parameters = StrategyKind.parameters(strategy);
            for (int p = 0; p < parameters.size(); p++) {
                box.getChildren().add(control(index, p, parameters.get(p)));
            }
        }

        private HBox control(int index, int p, StrategyParameter parameter) {
            Label label = new Label(parameter.name());
            label.getStyleClass().add("strategy-parameter");
            HBox line;
            if (parameter.fraction()) {
                Slider slider = new Slider(parameter.min(), parameter.max(), parameter.value());
                slider.setId("strategy-" + index + "-" + parameter.name());
                slider.setBlockIncrement(parameter.step());
                slider.setMajorTickUnit(0.25);
                slider.setMinorTickCount(4);
                Label value = new Label(format(parameter.value()));
                value.getStyleClass().add("strategy-value");
                value.setMinWidth(Region.USE_PREF_SIZE);
                slider.valueProperty().addListener((obs, old, now) -> model.setParameter(index, p, now.doubleValue()));
                HBox.setHgrow(slider, Priority.ALWAYS);
                sliders.add(slider);
                sliderValues.add(value);
                line = new HBox(label, slider, value);
            } else {
                Spinner<Integer> spinner = new Spinner<>(new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        (int) parameter.min(), (int) parameter.max(), (int) parameter.value(), (int) parameter.step()));
                spinner.setId("strategy-" + index + "-" + parameter.name());
                spinner.setEditable(true);
                spinner.getStyleClass().add("strategy-spinner");
                spinner.valueProperty().addListener((obs, old, now) -> {
                    if (now != null) {
                        model.setParameter(index, p, now);
                    }
                });
                // A number typed and left (tab, click elsewhere) counts as much as one confirmed with Enter.
                spinner.focusedProperty().addListener((obs, was, focused) -> {
                    if (!focused) {
                        commit(spinner);
                    }
                });
                spinners.add(spinner);
                line = new HBox(label, spinner);
            }
            line.getStyleClass().add("strategy-parameter-line");
            return line;
        }

        /** The view-model's values, put into the controls; a control already showing its value fires nothing. */
        void show(PruneStrategy strategy) {
            int spinner = 0;
            int slider = 0;
            for (StrategyParameter parameter : StrategyKind.parameters(strategy)) {
                if (parameter.fraction()) {
                    sliders.get(slider).setValue(parameter.value());
                    sliderValues.get(slider++).setText(format(parameter.value()));
                } else {
                    spinners.get(spinner++).getValueFactory().setValue((int) parameter.value());
                }
            }
        }
    }

    private static void commit(Spinner<Integer> spinner) {
        try {
            spinner.commitValue();
        } catch (NumberFormatException e) {
            spinner.cancelEdit();
        }
    }

    private static String format(double fraction) {
        return String.format(Locale.ROOT, "%.2f", fraction);
    }

    private static Button button(String text, String tip, Runnable action) {
        Button button = new Button(text);
        button.getStyleClass().add("strategy-button");
        button.setTooltip(new Tooltip(tip));
        button.setOnAction(e -> action.run());
        return button;
    }
}
