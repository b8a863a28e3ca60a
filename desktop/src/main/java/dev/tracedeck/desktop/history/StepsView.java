package dev.tracedeck.desktop.history;

import dev.tracedeck.analysis.prune.HistoryMessage;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.text.PythonText;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The history at the selected point as typed steps: system prompt, task, planning, action (thought,
 * tool calls and their results), final answer, each with its tokens. Choosing a step shows its first message.
 */
public final class StepsView extends BorderPane {

    private static final int PREVIEW = 140;

    private final HistoryViewModel model;
    private final Label header = new Label();
    private final ListView<HistoryInsight.StepRow> list = new ListView<>();

    public StepsView(HistoryViewModel model) {
        this.model = model;
        getStyleClass().add("steps-view");
        getStylesheets().add(StepsView.class.getResource("/dev/tracedeck/desktop/history/history.css").toExternalForm());
        header.getStyleClass().add("history-header");
        header.setMaxWidth(Double.MAX_VALUE);
        header.setWrapText(true);
        list.setCellFactory(v -> new StepCell());
        list.setPlaceholder(new Label("No steps"));
        list.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (now != null && now.firstLine() > 0) {
                model.eventAtLine(now.firstLine()).ifPresent(model::revealStep);
            }
        });
        setTop(header);
        setCenter(list);
        model.insightProperty().addListener((obs, old, now) -> show(now));
        model.statusProperty().addListener((obs, old, now) -> show(model.getInsight()));
        show(model.getInsight());
    }

    ListView<HistoryInsight.StepRow> list() {
        return list;
    }

    private void show(HistoryInsight insight) {
        String status = model.statusProperty().get();
        if (insight == null || insight.history().isEmpty()) {
            header.setText(status.isEmpty() ? "Select a thread to see its history as steps." : status);
            list.getItems().clear();
            return;
        }
        ThreadHistory history = insight.history().get();
        Map<String, Long> kinds = insight.steps().stream().collect(Collectors.groupingBy(s -> s.step().kind().label(),
                LinkedHashMap::new, Collectors.counting()));
        int tokens = insight.chosenPoint().map(p -> p.count().tokens()).orElse(0);
        header.setText(String.format("%s at event %d (line %d): %d messages, %d steps (%s), %,d tokens, %.1f%% of %s's %,d%s",
                insight.thread().id().isEmpty() ? "The run" : insight.thread().id(), history.point().seq(),
                history.point().source().firstLine(), history.history().size(), insight.steps().size(),
                kinds.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", ")),
                tokens, 100.0 * tokens / insight.limit(), insight.model().profile().name(), insight.limit(),
                status.isEmpty() ? "" : " — " + status));
        if (!list.getItems().equals(insight.steps())) {
            list.getItems().setAll(insight.steps());
        }
    }

    /** A step's one-line summary: its text, or the calls it made and the results it got. */
    static String summary(HistoryInsight.StepRow row) {
        StringBuilder text = new StringBuilder();
        int results = 0;
        for (HistoryMessage m : row.messages()) {
            PromptMessage message = m.message();
            if (m.isToolResult()) {
                results++;
                continue;
            }
            if (!message.content().isBlank()) {
                text.append(message.content().strip().replaceAll("\\s+", " ")).append(' ');
            }
            if (!message.toolCalls().isEmpty()) {
                text.append("→ ").append(message.toolCalls().stream().map(ToolCall::name).collect(Collectors.joining(", "))).append(' ');
            }
        }
        if (results > 0) {
            text.append("⇐ ").append(results).append(results == 1 ? " result" : " results");
        }
        return PythonText.abbreviate(text.toString().strip(), PREVIEW);
    }

    private static final class StepCell extends ListCell<HistoryInsight.StepRow> {
        private final Label number = new Label();
        private final Label kind = new Label();
        private final Label text = new Label();
        private final Label tokens = new Label();
        private final HBox box = new HBox(8, number, kind, text, tokens);

        StepCell() {
            number.getStyleClass().add("step-number");
            kind.getStyleClass().add("step-kind");
            text.getStyleClass().add("step-text");
            tokens.getStyleClass().add("step-tokens");
            HBox.setHgrow(text, Priority.ALWAYS);
            text.setMaxWidth(Double.MAX_VALUE);
            text.setMinWidth(0);
            number.setMinWidth(USE_PREF_SIZE);
            kind.setMinWidth(USE_PREF_SIZE);
            tokens.setMinWidth(USE_PREF_SIZE);
            // The list's width, not the text's: the summary is cut with an ellipsis and the tokens stay in view.
            setPrefWidth(0);
            setGraphic(null);
        }

        @Override
        protected void updateItem(HistoryInsight.StepRow row, boolean empty) {
            super.updateItem(row, empty);
            if (empty || row == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            number.setText(Integer.toString(row.number()));
            kind.setText(row.step().kind().label());
            kind.getStyleClass().removeIf(c -> c.startsWith("step-kind-"));
            kind.getStyleClass().add("step-kind-" + row.step().kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            text.setText(summary(row));
            tokens.setText(String.format("%,d tok", row.tokens()));
            setGraphic(box);
            String ids = row.messages().size() == 1 ? row.messages().get(0).id()
                    : row.messages().get(0).id() + "–" + row.messages().get(row.messages().size() - 1).id();
            setTooltip(new javafx.scene.control.Tooltip(row.step().kind().label() + ": " + row.messages().size()
                    + (row.messages().size() == 1 ? " message (" : " messages (") + ids + "), from line " + row.firstLine()));
        }
    }
}
