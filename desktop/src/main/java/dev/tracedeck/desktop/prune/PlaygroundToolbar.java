package dev.tracedeck.desktop.prune;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.TraceThread;
import java.util.function.Function;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

/** The playground's pickers: thread, point (with previous and next), model and window; and Copy command. */
final class PlaygroundToolbar extends HBox {

    private static final int MAX_LIMIT = 10_000_000;


    PlaygroundToolbar(PlaygroundViewModel model) {
        ComboBox<TraceThread> thread = new ComboBox<>(model.threads());
        thread.setId("playground-thread");
        thread.setConverter(converter(t -> t == null ? "" : model.threadLabel(t)));
        thread.setValue(model.threadProperty().get());
        thread.valueProperty().addListener((obs, old, now) -> model.selectThread(now));
        model.threadProperty().addListener((obs, old, now) -> thread.setValue(now));
        thread.setTooltip(new Tooltip("The thread whose history to prune"));

        ComboBox<Event> point = new ComboBox<>(model.points());
        point.setId("playground-point");
        point.setConverter(converter(e -> e == null ? "" : model.pointLabel(e)));
        point.setValue(model.getPoint());
        point.setVisibleRowCount(20);
        point.setPrefWidth(300);
        point.valueProperty().addListener((obs, old, now) -> model.selectPoint(now));
        model.pointProperty().addListener((obs, old, now) -> point.setValue(now));
        point.setTooltip(new Tooltip("The moment: a state dump (what the agent held), else a message"));
        Button previous = small("◀", "Previous point", () -> model.stepPoint(-1));
        Button next = small("▶", "Next point", () -> model.stepPoint(+1));

        ComboBox<String> modelName = new ComboBox<>();
        modelName.setId("playground-model");
        modelName.getItems().setAll(model.knownModels());
        modelName.setEditable(true);
        modelName.setPrefWidth(190);
        modelName.setValue(model.modelProperty().get());
        modelName.valueProperty().addListener((obs, old, now) -> model.setModel(now));
        model.modelProperty().addListener((obs, old, now) -> modelName.setValue(now));
        modelName.setTooltip(new Tooltip("Whose tokenizer counts and whose window the gauges measure"));

        Spinner<Integer> limit = new Spinner<>(new SpinnerValueFactory.IntegerSpinnerValueFactory(1, MAX_LIMIT,
                model.contextLimitProperty().get(), 1_000));
        limit.setId("playground-limit");
        limit.setEditable(true);
        limit.setPrefWidth(110);
        limit.valueProperty().addListener((obs, old, now) -> {
            if (now != null) {
                model.setContextLimit(now);
            }
        });
        model.contextLimitProperty().addListener((obs, old, now) -> limit.getValueFactory().setValue(now.intValue()));
        limit.focusedProperty().addListener((obs, was, focused) -> {
            if (!focused) {
                try {
                    limit.commitValue();
                } catch (NumberFormatException e) {
                    limit.cancelEdit();
                }
            }
        });

        Button copy = new Button("Copy command");
        copy.setId("playground-copy");
        copy.getStyleClass().add("playground-copy");
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(model.commandLineProperty().get());
            Clipboard.getSystemClipboard().setContent(content);
        });
        Tooltip command = new Tooltip();
        command.textProperty().bind(model.commandLineProperty());
        command.setWrapText(true);
        command.setMaxWidth(640);
        copy.setTooltip(command);
        copy.disableProperty().bind(model.commandLineProperty().isEmpty());

        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        getChildren().addAll(caption("Thread"), thread, caption("At"), previous, point, next, caption("Model"), modelName,
                caption("Window"), limit, gap, copy);
        getStyleClass().add("playground-toolbar");
    }

    private static Label caption(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("playground-caption");
        return label;
    }

    private static Button small(String text, String tip, Runnable action) {
        Button button = new Button(text);
        button.getStyleClass().add("playground-step");
        button.setTooltip(new Tooltip(tip));
        button.setOnAction(e -> action.run());
        return button;
    }

    private static <T> StringConverter<T> converter(Function<T, String> toText) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return toText.apply(value);
            }

            @Override
            public T fromString(String text) {
                return null;
            }
        };
    }
}
