package dev.tracedeck.desktop.compare;

import dev.tracedeck.analysis.compare.RuleComparison;
import dev.tracedeck.analysis.compare.ThreadComparison;
import dev.tracedeck.analysis.compare.TraceComparison;
import dev.tracedeck.analysis.compare.Verdict;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.shape.ChipKind;
import dev.tracedeck.analysis.shape.ShapeChip;
import dev.tracedeck.analysis.shape.ShapeDivergence;
import dev.tracedeck.analysis.shape.StateShape;
import dev.tracedeck.desktop.shape.ShapeChips;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/**
 * A run before a fix beside the run after it: the verdicts, each pair of threads' final state shapes side by
 * side and aligned by turn with the first divergence outlined, and the checklists compared rule by rule.
 */
public final class CompareView extends BorderPane {

    /** The order a reader wants: what the fix changed first. */
    private static final List<Verdict> ORDER = List.of(Verdict.REGRESSED, Verdict.NEWLY_FAILING, Verdict.FIXED,
            Verdict.STILL_FAILING, Verdict.NO_LONGER_CHECKED, Verdict.PASSING, Verdict.NOT_APPLICABLE, Verdict.NOT_COMPARED);

    /** A row of the rules table and of the pairs' list in a picture, where both show every row. */
    private static final double PICTURE_ROW = 24;
    /** At most this many pairs of threads are listed in a picture; the shapes drawn are the first pair's. */
    private static final int PICTURE_PAIRS = 8;

    private final TraceComparison comparison;
    private final BorderPane shapes;
    private final SplitPane sides;
    private final ListView<ThreadComparison> pairs = new ListView<>();
    private final VBox before = new VBox(4);
    private final VBox after = new VBox(4);
    private final Label divergence = new Label();
    private final TableView<RuleComparison> rules = new TableView<>();

    public CompareView(TraceComparison comparison) {
        this.comparison = comparison;
        getStyleClass().add("compare-view");
        getStylesheets().addAll(ShapeChips.stylesheet(),
                CompareView.class.getResource("/dev/tracedeck/desktop/compare/compare.css").toExternalForm());
        Label summary = new Label(summary());
        summary.getStyleClass().add("compare-summary");
        summary.setWrapText(true);
        summary.setMaxWidth(Double.MAX_VALUE);
        setTop(summary);

        pairs.getStyleClass().add("compare-pairs");
        pairs.getItems().setAll(comparison.threads());
        pairs.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(ThreadComparison t, boolean empty) {
                super.updateItem(t, empty);
                setText(empty || t == null ? null : label(t.beforeId()) + "  ↔  " + label(t.afterId())
                        + (t.divergence().isPresent() ? "" : t.before().isPresent() && t.after().isPresent() ? "  (same shape)" : ""));
            }
        });
        pairs.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> showPair(now));
        pairs.setPrefHeight(90);
        before.setPadding(new Insets(8));
        after.setPadding(new Insets(8));
        sides = new SplitPane(side("before: " + comparison.before().file(), before),
                side("after: " + comparison.after().file(), after));
        divergence.getStyleClass().add("compare-divergence");
        divergence.setWrapText(true);
        divergence.setMaxWidth(Double.MAX_VALUE);
        shapes = new BorderPane(sides, pairs, null, divergence, null);

        buildRules();
        SplitPane body = new SplitPane(shapes, rules);
        body.setOrientation(Orientation.VERTICAL);
        body.setDividerPositions(0.62);
        setCenter(body);
        pairs.getSelectionModel().selectFirst();
    }

    /**
     * Lays the comparison out for a picture ({@code tracedeck render}), which no one can scroll: every rule's row, the
     * pairs listed whole (up to {@value #PICTURE_PAIRS}), the shapes whole up to {@code shapesHeight}, one under the
     * other. The rules table takes its height from its header once laid out: see {@link #fitRulesToRows()}.
     */
    public void showWhole(double shapesHeight) {
        rules.setFixedCellSize(PICTURE_ROW);
        pairs.setFixedCellSize(PICTURE_ROW);
        pairs.setPrefHeight(Math.min(PICTURE_PAIRS, Math.max(1, pairs.getItems().size())) * PICTURE_ROW + 2);
        sides.setMaxHeight(shapesHeight);
        setCenter(new VBox(shapes, rules));
    }

    /** After a layout pass in {@link #showWhole} mode: the rules table exactly as tall as its header and its rows. */
    public void fitRulesToRows() {
        Node header = rules.lookup(".column-header-background");
        double headerHeight = header == null ? PICTURE_ROW : header.getLayoutBounds().getHeight();
        rules.setPrefHeight(Math.ceil(headerHeight + rules.getItems().size() * PICTURE_ROW
                + rules.snappedTopInset() + rules.snappedBottomInset()) + 1);
    }

    TableView<RuleComparison> rules() {
        return rules;
    }

    VBox beforeSide() {
        return before;
    }

    VBox afterSide() {
        return after;
    }

    private String summary() {
        List<String> parts = new ArrayList<>();
        for (Verdict v : ORDER) {
            long n = comparison.count(v);
            if (n > 0) {
                parts.add(n + " " + v.id());
            }
        }
        return String.format("%s%s — before: %s, %d errors · after: %s, %d errors", comparison.regressed() ? "REGRESSED: " : "",
                String.join(", ", parts), comparison.before().file(), comparison.before().count(Severity.ERROR),
                comparison.after().file(), comparison.after().count(Severity.ERROR));
    }

    private static Node side(String title, VBox content) {
        Label heading = new Label(title);
        heading.getStyleClass().add("compare-side-title");
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("shape-scroll");
        return new BorderPane(scroll, heading, null, null, null);
    }

    private void showPair(ThreadComparison pair) {
        before.getChildren().clear();
        after.getChildren().clear();
        if (pair == null) {
            divergence.setText("");
            return;
        }
        fill(before, pair.before(), pair.divergence().flatMap(ShapeDivergence::before));
        fill(after, pair.after(), pair.divergence().flatMap(ShapeDivergence::after));
        divergence.setText(pair.divergence().map(d -> "First divergence: " + d.describe())
                .orElse(pair.before().isPresent() && pair.after().isPresent() ? "The two states have the same shape."
                        : "Only one side has this thread."));
    }

    private static void fill(VBox side, Optional<StateShape> shape, Optional<ShapeChip> marked) {
        if (shape.isEmpty()) {
            side.getChildren().add(new Label("no history"));
            return;
        }
        int turn = 0;
        for (List<ShapeChip> chips : shape.get().turns()) {
            List<Node> nodes = new ArrayList<>();
            for (ShapeChip chip : chips) {
                Label node = ShapeChips.chip(chip, List.of(), null);
                if (marked.isPresent() && marked.get() == chip) {
                    node.getStyleClass().add("shape-chip-diverge");
                }
                nodes.add(node);
            }
            side.getChildren().add(ShapeChips.row(turn == 0 && chips.get(0).kind() != ChipKind.USER ? "start" : "turn " + turn, nodes));
            turn++;
        }
    }

    private void buildRules() {
        rules.getStyleClass().add("compare-rules");
        TableColumn<RuleComparison, String> rule = new TableColumn<>("Rule");
        rule.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().ruleId()));
        rule.setPrefWidth(260);
        TableColumn<RuleComparison, String> was = new TableColumn<>("Before");
        was.setCellValueFactory(c -> new ReadOnlyStringWrapper(status(c.getValue().before(), c.getValue().beforeFindings())));
        TableColumn<RuleComparison, String> is = new TableColumn<>("After");
        is.setCellValueFactory(c -> new ReadOnlyStringWrapper(status(c.getValue().after(), c.getValue().afterFindings())));
        was.setPrefWidth(80);
        is.setPrefWidth(80);
        TableColumn<RuleComparison, String> verdict = new TableColumn<>("Verdict");
        verdict.setPrefWidth(120);
        verdict.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().verdict().id()));
        verdict.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : v);
                getStyleClass().removeIf(s -> s.startsWith("verdict-"));
                if (!empty && v != null) {
                    getStyleClass().add("verdict-" + v);
                }
            }
        });
        TableColumn<RuleComparison, String> description = new TableColumn<>("Checks");
        description.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().description()));
        description.setPrefWidth(420);
        rules.getColumns().setAll(List.of(rule, was, is, verdict, description));
        // What each rule checks takes the width left, rather than an empty column beside a cut description; the other
        // columns hold short words and keep their width (the constrained policy would widen them all alike).
        rules.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        for (TableColumn<RuleComparison, String> fixed : List.of(rule, was, is, verdict)) {
            fixed.setMinWidth(fixed.getPrefWidth());
            fixed.setMaxWidth(fixed.getPrefWidth());
        }
        List<RuleComparison> ordered = new ArrayList<>(comparison.rules());
        ordered.sort((a, b) -> Integer.compare(ORDER.indexOf(a.verdict()), ORDER.indexOf(b.verdict())));
        rules.getItems().setAll(ordered);
    }

    private static String status(Optional<CheckStatus> status, int findings) {
        return status.map(s -> s == CheckStatus.FAIL ? "fail (" + findings + ")" : s.id()).orElse("—");
    }

    private static String label(Optional<String> id) {
        return id.map(s -> s.isEmpty() ? "(run)" : s).orElse("(none)");
    }
}
