package dev.tracedeck.app.prune;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.TraceThread;
import java.util.function.Function;
import javafx.beans.InvalidationListener;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The prune playground: pickers on top; strategies and the findings on the result down the left; the history
 * before and after side by side, each with its context gauge, the selected message's full text under them; the
 * status line at the bottom. Selecting a message on one side selects its counterpart on the other.
 */
public final class PlaygroundView extends BorderPane {

    private static final int MAX_LIMIT = 10_000_000;

    private final PlaygroundViewModel model;
    private final ListView<MessageRow> before;
    private final ListView<MessageRow> after;
    private final ContextGauge beforeGauge = new ContextGauge();
    private final ContextGauge afterGauge = new ContextGauge();
    private final Label beforeCount = count();
    private final Label afterCount = count();
    private final TextArea beforeText = detail("playground-before-text");
    private final TextArea afterText = detail("playground-after-text");
    /** Set while one list follows the other, so the follower does not lead back. */
    private boolean following;

    public PlaygroundView(PlaygroundViewModel model) {
        this.model = model;
        this.before = messages("playground-before", model.before());
        this.after = messages("playground-after", model.after());
        getStyleClass().add("playground");
        getStylesheets().add(PlaygroundView.class.getResource("playground.css").toExternalForm());
        setTop(toolbar());
        SplitPane left = new SplitPane(new StrategyList(model), findings());
        left.setOrientation(Orientation.VERTICAL);
        left.setDividerPositions(0.62);
        left.getStyleClass().add("playground-left");
        SplitPane sides = new SplitPane(side("BEFORE", before, beforeCount, beforeGauge), side("AFTER", after, afterCount, afterGauge));
        SplitPane texts = new SplitPane(beforeText, afterText);
        SplitPane right = new SplitPane(sides, texts);
        right.setOrientation(Orientation.VERTICAL);
        right.setDividerPositions(0.74);
        SplitPane body = new SplitPane(left, right);
        body.setDividerPositions(0.25);
        SplitPane.setResizableWithParent(left, false);
        setCenter(body);
        setBottom(statusLine());
        follow(before, after, PlaygroundResult::afterPositionOf, true);
        follow(after, before, PlaygroundResult::beforePositionOf, false);
        model.resultProperty().addListener((obs, old, now) -> showResult(now));
        showResult(model.getResult());
    }

    // ---- top: thread, point, model, window, copy ----

    private HBox toolbar() {
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
        HBox bar = new HBox(caption("Thread"), thread, caption("At"), previous, point, next, caption("Model"), modelName,
                caption("Window"), limit, gap, copy);
        bar.getStyleClass().add("playground-toolbar");
        return bar;
    }

    // ---- left: findings on the result ----

    private VBox findings() {
        Label title = new Label("FINDINGS ON THE RESULT");
        title.getStyleClass().add("pane-title");
        HBox header = new HBox(title);
        header.getStyleClass().add("pane-header");
        ListView<FindingRow> list = new ListView<>(model.findings());
        list.setId("playground-findings");
        list.getStyleClass().add("playground-findings");
        list.setCellFactory(l -> new FindingCell());
        Label none = new Label("The pairing rules find nothing wrong with the result.");
        none.setWrapText(true);
        none.getStyleClass().add("playground-placeholder");
        list.setPlaceholder(none);
        list.getSelectionModel().selectedItemProperty().addListener((obs, old, row) -> {
            if (row != null && row.afterPosition() >= 0 && row.afterPosition() < after.getItems().size()) {
                after.getSelectionModel().select(row.afterPosition());
                after.scrollTo(Math.max(0, row.afterPosition() - 3));
            }
        });
        VBox box = new VBox(header, list);
        box.getStyleClass().add("playground-findings-pane");
        VBox.setVgrow(list, Priority.ALWAYS);
        return box;
    }

    // ---- centre: the two sides ----

    private VBox side(String title, ListView<MessageRow> list, Label count, ContextGauge gauge) {
        Label name = new Label(title);
        name.getStyleClass().add("pane-title");
        HBox header = new HBox(name, count);
        header.getStyleClass().add("pane-header");
        VBox box = new VBox(header, gauge, list);
        box.getStyleClass().add("playground-side");
        VBox.setVgrow(list, Priority.ALWAYS);
        return box;
    }

    private static ListView<MessageRow> messages(String id, javafx.collections.ObservableList<MessageRow> rows) {
        ListView<MessageRow> list = new ListView<>(rows);
        list.setId(id);
        list.getStyleClass().add("playground-messages");
        list.setCellFactory(l -> new MessageCell());
        list.setFixedCellSize(24);
        return list;
    }

    /**
     * Selecting a message on {@code leader} selects its counterpart on {@code follower}; one the strategy removed has
     * none, so the follower clears its selection and shows where it would have been.
     */
    private void follow(ListView<MessageRow> leader, ListView<MessageRow> follower, Counterpart counterpart, boolean fromBefore) {
        leader.getSelectionModel().selectedIndexProperty().addListener((obs, old, now) -> {
            int index = now.intValue();
            PlaygroundResult r = model.getResult();
            if (following || r == null || index < 0 || index >= leader.getItems().size()) {
                return;
            }
            following = true;
            try {
                int other = counterpart.of(r, index);
                if (other >= 0) {
                    follower.getSelectionModel().clearAndSelect(other);
                    scrollIntoView(follower, other);
                } else {
                    follower.getSelectionModel().clearSelection();
                    if (fromBefore && !follower.getItems().isEmpty()) {
                        scrollIntoView(follower, r.nearestAfter(index));
                    }
                }
                showText(fromBefore ? leader : follower, fromBefore ? follower : leader);
            } finally {
                following = false;
            }
        });
    }

    private interface Counterpart {
        int of(PlaygroundResult result, int index);
    }

    private void showText(ListView<MessageRow> beforeList, ListView<MessageRow> afterList) {
        MessageRow b = beforeList.getSelectionModel().getSelectedItem();
        MessageRow a = afterList.getSelectionModel().getSelectedItem();
        beforeText.setText(b == null ? "" : b.fullText());
        afterText.setText(a != null ? a.fullText() : b != null && b.mark() == MessageRow.Mark.REMOVED ? "(removed by the strategy)" : "");
        beforeText.positionCaret(0);
        afterText.positionCaret(0);
    }

    /** Scrolls only when the row is not already on screen, keeping a little context above it. */
    private static void scrollIntoView(ListView<MessageRow> list, int index) {
        list.scrollTo(Math.max(0, index - 3));
    }

    private void showResult(PlaygroundResult r) {
        if (r == null) {
            beforeGauge.clear();
            afterGauge.clear();
            return;
        }
        double trigger = model.trigger();
        beforeGauge.show(r.beforeTokens(), r.contextLimit(), trigger);
        afterGauge.show(r.afterTokens(), r.contextLimit(), trigger);
        beforeCount.setText(count(r.before().size()));
        afterCount.setText(count(r.after().size()));
        beforeText.clear();
        afterText.clear();
    }

    // ---- bottom: status ----

    private HBox statusLine() {
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.getStyleClass().add("playground-busy");
        Label computing = new Label("computing…");
        computing.getStyleClass().add("playground-computing");
        for (javafx.scene.Node n : new javafx.scene.Node[] {spinner, computing}) {
            n.visibleProperty().bind(model.computingProperty());
            n.managedProperty().bind(model.computingProperty());
        }
        Label status = new Label();
        status.setId("playground-status");
        status.getStyleClass().add("playground-status-text");
        status.textProperty().bind(model.statusProperty());
        Label error = new Label();
        error.setId("playground-error");
        error.getStyleClass().add("playground-error");
        error.textProperty().bind(model.errorProperty());
        InvalidationListener errorShown = o -> error.setVisible(!model.errorProperty().get().isEmpty());
        model.errorProperty().addListener(errorShown);
        errorShown.invalidated(null);
        error.managedProperty().bind(error.visibleProperty());
        HBox line = new HBox(spinner, computing, status, error);
        line.getStyleClass().add("playground-status");
        return line;
    }

    // ---- bits ----

    private static String count(int messages) {
        return dev.tracedeck.app.common.Numbers.count(messages, "message", "messages");
    }

    private static Label count() {
        Label label = new Label();
        label.getStyleClass().add("pane-count");
        return label;
    }

    private static TextArea detail(String id) {
        TextArea text = new TextArea();
        text.setId(id);
        text.setEditable(false);
        text.setWrapText(true);
        text.getStyleClass().add("playground-text");
        text.setPromptText("Select a message to read it whole");
        return text;
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

    /** A finding on the result: severity, rule, message; those the strategy introduced marked. */
    private static final class FindingCell extends ListCell<FindingRow> {
        private static final javafx.css.PseudoClass INTRODUCED = javafx.css.PseudoClass.getPseudoClass("introduced");
        private final Label tag = new Label("introduced");
        private final Label rule = new Label();
        private final Label message = new Label();

        FindingCell() {
            getStyleClass().add("playground-finding");
            tag.getStyleClass().add("finding-introduced");
            tag.managedProperty().bind(tag.visibleProperty());
            rule.setMinWidth(0);
            rule.getStyleClass().add("finding-rule");
            message.getStyleClass().add("finding-message");
            message.setWrapText(true);
            VBox box = new VBox(new HBox(6, rule, tag), message);
            setGraphic(box);
            setContentDisplay(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY);
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(FindingRow row, boolean empty) {
            super.updateItem(row, empty);
            boolean shown = !empty && row != null;
            getGraphic().setVisible(shown);
            pseudoClassStateChanged(INTRODUCED, shown && row.introduced());
            tag.setVisible(shown && row.introduced());
            rule.setText(shown ? row.finding().severity().name().toLowerCase(java.util.Locale.ROOT) + " · " + row.finding().ruleId()
                    + (row.messageId().isEmpty() ? "" : " · " + row.messageId()) : "");
            message.setText(shown ? row.finding().message() : "");
        }
    }
}
