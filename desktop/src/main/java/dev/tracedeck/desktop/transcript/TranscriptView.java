package dev.tracedeck.desktop.transcript;

import dev.tracedeck.analysis.run.Transcript;
import dev.tracedeck.analysis.run.TranscriptEntry;
import dev.tracedeck.desktop.common.MatchRanges;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The conversation as a person reads it: a block per entry — the user, the assistant, its thinking (folded), each tool
 * call under its tool's name with its result beside it, errors marked, a sub-agent's conversation indented where its
 * call started it. A long block shows its head and how much it folds ("▸ 12.4 KB · 240 lines"); Enter, Space or a
 * click on the fold opens it. A list that draws only the blocks on screen.
 */
public final class TranscriptView extends BorderPane {

    private static final double INDENT = 22;
    /** Lines a folded block shows. */
    private static final int HEAD_LINES = 4;
    private final TranscriptViewModel model;
    private final ListView<TranscriptEntry> list = new ListView<>();
    /** The words the trace is searched for: the blocks that hold them are marked, F3 goes from one to the next. */
    private String find = "";

    public TranscriptView(TranscriptViewModel model) {
        this(model, new javafx.beans.property.SimpleStringProperty(""));
    }

    /** @param find the words the trace is searched for (the timeline's search), "" for none */
    public TranscriptView(TranscriptViewModel model, javafx.beans.value.ObservableValue<String> find) {
        this.model = model;
        getStyleClass().add("transcript-view");
        // As small as the other views beside the detail: the tab pane takes the tallest of its tabs as its own.
        setMinSize(0, 0);
        setPrefSize(300, 200);
        getStylesheets().add(TranscriptView.class.getResource("/dev/tracedeck/desktop/transcript/transcript.css").toExternalForm());
        Label title = new Label("TRANSCRIPT");
        title.getStyleClass().add("pane-title");
        Label status = new Label();
        status.getStyleClass().add("event-count");
        status.textProperty().bind(model.statusProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox header = new HBox(title, gap, status);
        header.getStyleClass().add("pane-header");
        header.setAlignment(Pos.CENTER_LEFT);
        setTop(header);
        list.setId("transcript-list");
        list.getStyleClass().add("transcript-list");
        list.setCellFactory(l -> new EntryCell());
        list.setPlaceholder(new Label("Reading the conversation…"));
        setCenter(list);
        model.transcriptProperty().addListener((obs, old, now) -> show(now));
        model.unfoldingsProperty().addListener((obs, old, now) -> list.refresh());
        model.selectedProperty().addListener((obs, old, now) -> showSelected(now.intValue()));
        list.getSelectionModel().selectedIndexProperty().addListener((obs, old, now) -> {
            if (now.intValue() >= 0 && now.intValue() != model.selectedProperty().get()) {
                model.select(now.intValue());
            }
        });
        // On the view, not the list: Ctrl+6 gives the view the keys, and they act on the block selected.
        addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ENTER || e.getCode() == KeyCode.SPACE) {
                model.toggle(list.getSelectionModel().getSelectedIndex());
                e.consume();
            } else if (e.getCode() == KeyCode.F3) {
                stepMatch(e.isShiftDown() ? -1 : 1);
                e.consume();
            }
        });
        this.find = find.getValue() == null ? "" : find.getValue();
        find.addListener((obs, old, now) -> {
            this.find = now == null ? "" : now;
            list.refresh();
        });
        show(model.transcriptProperty().get());
    }

    public ListView<TranscriptEntry> list() {
        return list;
    }

    private void show(Transcript transcript) {
        list.setItems(transcript == null ? FXCollections.observableArrayList()
                : FXCollections.observableList(transcript.entries()));
        list.setPlaceholder(new Label(transcript == null ? "Reading the conversation…" : "No conversation in this trace"));
        showSelected(model.selectedProperty().get());
    }

    private void showSelected(int index) {
        if (index < 0 || index >= list.getItems().size()) {
            list.getSelectionModel().clearSelection();
            list.scrollTo(0);
            return;
        }
        if (list.getSelectionModel().getSelectedIndex() != index) {
            list.getSelectionModel().clearAndSelect(index);
        }
        list.scrollTo(Math.max(0, index - 1));
    }

    /**
     * Selects the next (or, {@code delta} -1, the previous) block after the one selected that holds the words searched
     * for, wrapping around; the detail shows its event with the words marked.
     */
    void stepMatch(int delta) {
        int size = list.getItems().size();
        if (find.isEmpty() || size == 0) {
            return;
        }
        int at = list.getSelectionModel().getSelectedIndex();
        for (int step = 1; step <= size; step++) {
            int index = Math.floorMod((at < 0 && delta > 0 ? -1 : at) + step * delta, size);
            if (matches(list.getItems().get(index))) {
                model.select(index);
                return;
            }
        }
    }

    /** Whether the block's words (its title, its text, its call's result) hold what is searched for. */
    private boolean matches(TranscriptEntry entry) {
        return !find.isEmpty() && (contains(entry.title()) || contains(Transcript.text(entry))
                || contains(Transcript.resultText(entry)));
    }

    private boolean contains(String text) {
        return !MatchRanges.of(text, find).isEmpty();
    }

    /** "12.4 KB · 240 lines". */
    static String size(String text) {
        int lines = text.isEmpty() || text.endsWith("\n") ? 0 : 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines++;
            }
        }
        long bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        String amount = bytes < 1024 ? bytes + " B" : String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        return amount + " · " + String.format(Locale.ROOT, "%,d", lines) + (lines == 1 ? " line" : " lines");
    }

    private static String head(String text) {
        int at = 0;
        for (int line = 0; line < HEAD_LINES && at >= 0; line++) {
            at = text.indexOf('\n', at + 1);
        }
        String cut = at < 0 ? text : text.substring(0, at);
        return cut.length() > 600 ? cut.substring(0, 600) + "…" : cut;
    }

    /** One entry: its head line, its text (its head, when folded), a call's result beside it. */
    private final class EntryCell extends ListCell<TranscriptEntry> {

        private final Label who = new Label();
        private final Label fold = new Label();
        private final Label body = new Label();
        private final Label resultHead = new Label();
        private final Label result = new Label();
        private final VBox resultBox = new VBox(2, resultHead, result);
        private final HBox head = new HBox(8, who, fold);
        private final VBox box = new VBox(3, head, body, resultBox);

        EntryCell() {
            getStyleClass().add("transcript-cell");
            who.getStyleClass().add("transcript-who");
            fold.getStyleClass().add("transcript-fold");
            body.getStyleClass().add("transcript-body");
            body.setWrapText(true);
            result.setWrapText(true);
            result.getStyleClass().add("transcript-result");
            resultHead.getStyleClass().add("transcript-result-head");
            resultBox.getStyleClass().add("transcript-result-box");
            box.getStyleClass().add("transcript-block");
            head.setAlignment(Pos.CENTER_LEFT);
            box.maxWidthProperty().bind(list.widthProperty().subtract(40));
            fold.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && !isEmpty()) {
                    model.toggle(getIndex());
                    e.consume();
                }
            });
        }

        @Override
        protected void updateItem(TranscriptEntry entry, boolean empty) {
            super.updateItem(entry, empty);
            if (empty || entry == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            int index = getIndex();
            boolean folds = model.folds(index);
            boolean open = !folds || model.isUnfolded(index);
            String kind = entry.kind().name().toLowerCase(Locale.ROOT);
            box.getStyleClass().removeIf(c -> c.startsWith("transcript-kind-"));
            box.getStyleClass().add("transcript-kind-" + kind);
            boolean error = Transcript.isError(entry);
            box.pseudoClassStateChanged(ERROR, error);
            box.pseudoClassStateChanged(MATCH, matches(entry));
            box.setPadding(new Insets(0, 0, 0, entry.depth() * INDENT));
            String text = Transcript.text(entry);
            who.setText(switch (entry.kind()) {
                case TOOL -> "⚙ " + entry.title();
                case THINKING -> "thinking";
                case SUBAGENT -> (entry.depth() > 0 ? "↳ " : "") + entry.title();
                case ERROR -> "✖ error";
                default -> entry.title();
            } + (error && entry.kind() == TranscriptEntry.Kind.TOOL ? "  ✖ failed" : ""));
            String resultText = Transcript.resultText(entry);
            if (entry.kind() == TranscriptEntry.Kind.THINKING) {
                fold.setText((open ? "▾ " : "▸ ") + text);
                body.setText(open ? Transcript.thinkingText(entry) : "");
            } else {
                String whole = text + resultText;
                fold.setText(folds ? (open ? "▾ " : "▸ ") + size(whole.length() > text.length() && !resultText.isEmpty()
                        ? resultText : text) : "");
                body.setText(open ? text : head(text));
            }
            body.setVisible(!body.getText().isEmpty());
            body.setManaged(body.isVisible());
            boolean hasResult = entry.kind() == TranscriptEntry.Kind.TOOL && entry.result().isPresent();
            resultBox.setVisible(hasResult);
            resultBox.setManaged(hasResult);
            if (hasResult) {
                resultHead.setText("← " + entry.title() + (error ? " failed" : ""));
                result.setText(open ? resultText : head(resultText));
            } else if (entry.kind() == TranscriptEntry.Kind.TOOL && entry.callIndex() >= 0) {
                resultBox.setVisible(true);
                resultBox.setManaged(true);
                resultHead.setText("← no result in the trace");
                result.setText("");
            }
            fold.setVisible(!fold.getText().isEmpty());
            fold.setManaged(fold.isVisible());
            setText(null);
            setGraphic(box);
        }
    }

    /** For a picture: no scroll bars, nothing to press. */
    public void forPicture() {
        getStyleClass().add("picture");
    }

    private static final javafx.css.PseudoClass ERROR = javafx.css.PseudoClass.getPseudoClass("error");
    private static final javafx.css.PseudoClass MATCH = javafx.css.PseudoClass.getPseudoClass("match");
}
