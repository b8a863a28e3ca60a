package dev.tracedeck.desktop.prune;

import dev.tracedeck.engine.text.CountFormat;
import javafx.beans.InvalidationListener;
import javafx.collections.ObservableList;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The prune playground: pickers on top; strategies and the findings on the result down the left; the history
 * before and after side by side, each with its context gauge, the selected message's full text under them; the
 * status line at the bottom. Selecting a message on one side selects its counterpart on the other.
 */
public final class PlaygroundView extends BorderPane {

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
        setTop(new PlaygroundToolbar(model));
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
                scrollIntoView(after, row.afterPosition());
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

    private static ListView<MessageRow> messages(String id, ObservableList<MessageRow> rows) {
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

    /** Scrolls only when the row is not wholly on screen, then keeps a little context above it. */
    private static void scrollIntoView(ListView<MessageRow> list, int index) {
        if (list.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
            IndexedCell<?> first = flow.getFirstVisibleCell();
            IndexedCell<?> last = flow.getLastVisibleCell();
            if (first != null && last != null && index > first.getIndex() && index < last.getIndex()) {
                return;
            }
        }
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
        for (Node n : new Node[] {spinner, computing}) {
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
        return CountFormat.count(messages, "message", "messages");
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

}
