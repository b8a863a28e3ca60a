package dev.tracedeck.desktop.tree;

import dev.tracedeck.analysis.run.RecordWords;
import dev.tracedeck.analysis.run.RunTree;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The run as its structure: a row per node — its name in words, indented under its parent with a triangle to open or
 * close it, its status, its duration as a bar on the run's one time axis, the tokens billed for it and everything under
 * it, and its findings. A table over the open rows ({@link TreeOutline}), so it draws only what is on screen whatever the
 * tree's size. ← and → close and open (or go to the parent and the first child), Enter or Space toggles, a click on the
 * triangle or a double click too; choosing a row selects its event in the other views.
 */
public final class RunTreeView extends BorderPane {

    private static final double INDENT = 16;
    private final RunTreeViewModel model;
    private final TableView<Integer> table = new TableView<>();
    private final Label status = new Label();

    public RunTreeView(RunTreeViewModel model) {
        this.model = model;
        getStyleClass().add("run-tree-view");
        // As small as the other views beside the detail: the tab pane takes the tallest of its tabs as its own.
        setMinSize(0, 0);
        setPrefSize(300, 200);
        getStylesheets().add(RunTreeView.class.getResource("/dev/tracedeck/desktop/tree/tree.css").toExternalForm());
        Label title = new Label("RUN TREE");
        title.getStyleClass().add("pane-title");
        status.getStyleClass().add("event-count");
        status.textProperty().bind(model.statusProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox header = new HBox(title, gap, status);
        header.getStyleClass().addAll("pane-header");
        header.setAlignment(Pos.CENTER_LEFT);
        setTop(header);
        buildTable();
        setCenter(table);
        model.outlineProperty().addListener((obs, old, now) -> show(now));
        model.selectedRowProperty().addListener((obs, old, now) -> showSelected(now.intValue()));
        model.findingCountsProperty().addListener((obs, old, now) -> table.refresh());
        show(model.outline());
    }

    public TableView<Integer> table() {
        return table;
    }

    private void show(TreeOutline outline) {
        table.setItems(outline == null ? javafx.collections.FXCollections.observableArrayList() : outline);
        table.setPlaceholder(new Label(outline == null ? "Building the run tree…" : "Nothing to show"));
        showSelected(model.selectedRowProperty().get());
    }

    private void showSelected(int row) {
        if (row < 0 || row >= table.getItems().size()) {
            table.getSelectionModel().clearSelection();
            table.scrollTo(0);
            return;
        }
        if (table.getSelectionModel().getSelectedIndex() != row) {
            table.getSelectionModel().clearAndSelect(row);
        }
        table.scrollTo(Math.max(0, row - 3));
    }

    private void buildTable() {
        table.setId("run-tree-table");
        table.getStyleClass().add("run-tree-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<Integer, Integer> name = column("Name", 360);
        name.setMinWidth(180);
        name.setCellFactory(c -> new NameCell());
        TableColumn<Integer, Integer> state = column("Status", 64);
        state.setMinWidth(state.getPrefWidth());
        state.setCellFactory(c -> new TextCell(this::statusText, "tree-status"));
        TableColumn<Integer, Integer> tokens = column("Tokens", 100);
        tokens.setMinWidth(tokens.getPrefWidth());
        tokens.setCellFactory(c -> new TextCell(this::tokensText, "tree-tokens"));
        TableColumn<Integer, Integer> findings = column("Findings", 70);
        findings.setMinWidth(findings.getPrefWidth());
        findings.setCellFactory(c -> new TextCell(this::findingsText, "tree-findings"));
        TableColumn<Integer, Integer> time = column("Time", 320);
        time.setCellFactory(c -> new WaterfallCell());
        table.getColumns().addAll(java.util.List.of(name, state, tokens, findings, time));
        table.setRowFactory(t -> {
            TableRow<Integer> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !row.isEmpty()) {
                    model.toggle(row.getIndex());
                }
            });
            return row;
        });
        table.getSelectionModel().selectedIndexProperty().addListener((obs, old, now) -> {
            int row = now.intValue();
            if (row >= 0 && row != model.selectedRowProperty().get()) {
                model.select(row);
            }
        });
        // On the view, not the table: Ctrl+5 gives the view the keys, and they act on the row selected.
        addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            int row = table.getSelectionModel().getSelectedIndex();
            if (row < 0) {
                return;
            }
            if (e.getCode() == KeyCode.LEFT) {
                model.left(row);
            } else if (e.getCode() == KeyCode.RIGHT) {
                model.right(row);
            } else if (e.getCode() == KeyCode.ENTER || e.getCode() == KeyCode.SPACE) {
                model.toggle(row);
            } else {
                return;
            }
            e.consume();
        });
    }

    private static TableColumn<Integer, Integer> column(String title, double width) {
        TableColumn<Integer, Integer> column = new TableColumn<>(title);
        column.setPrefWidth(width);
        column.setSortable(false);
        column.setReorderable(false);
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        return column;
    }

    private RunTree tree() {
        TreeOutline outline = model.outline();
        return outline == null ? null : outline.tree();
    }

    private String statusText(int node) {
        return tree().failed(node) ? "✖ failed" : "✓";
    }

    private String tokensText(int node) {
        long tokens = tree().subtreeTokens(node);
        return tokens == 0 ? "" : String.format(Locale.ROOT, "%,d", tokens);
    }

    private String findingsText(int node) {
        int[] counts = model.findingCountsProperty().get();
        return node < counts.length && counts[node] > 0 ? "⚑ " + counts[node] : "";
    }

    /** A node's name, indented by its depth, with the triangle that opens or closes it. */
    private final class NameCell extends TableCell<Integer, Integer> {

        private final Label toggle = new Label();
        private final Label kind = new Label();
        private final Label text = new Label();
        private final HBox box = new HBox(4, toggle, kind, text);

        NameCell() {
            toggle.getStyleClass().add("tree-toggle");
            toggle.setMinWidth(14);
            kind.getStyleClass().add("tree-kind");
            kind.setMinWidth(Region.USE_PREF_SIZE);
            text.getStyleClass().add("tree-name");
            box.setAlignment(Pos.CENTER_LEFT);
            toggle.setOnMouseClicked(e -> {
                if (!isEmpty()) {
                    model.toggle(getIndex());
                    e.consume();
                }
            });
        }

        @Override
        protected void updateItem(Integer node, boolean empty) {
            super.updateItem(node, empty);
            RunTree tree = tree();
            if (empty || node == null || tree == null) {
                setGraphic(null);
                return;
            }
            box.setPadding(new javafx.geometry.Insets(0, 0, 0, tree.depth(node) * INDENT));
            toggle.setText(tree.childCount(node) == 0 ? "" : model.outline().isExpanded(node) ? "▾" : "▸");
            kind.setText(tree.kind(node).label());
            kind.getStyleClass().removeIf(c -> c.startsWith("tree-kind-"));
            kind.getStyleClass().add("tree-kind-" + tree.kind(node).name().toLowerCase(Locale.ROOT));
            text.setText(tree.name(node));
            pseudoClassStateChanged(FAILED, tree.failed(node));
            setGraphic(box);
        }
    }

    /** For a picture: no scroll bars, nothing to press. */
    public void forPicture() {
        getStyleClass().add("picture");
    }

    private static final javafx.css.PseudoClass FAILED = javafx.css.PseudoClass.getPseudoClass("failed");

    /** A column of words about the node. */
    private final class TextCell extends TableCell<Integer, Integer> {

        private final java.util.function.IntFunction<String> text;

        TextCell(java.util.function.IntFunction<String> text, String style) {
            this.text = text;
            getStyleClass().add(style);
        }

        @Override
        protected void updateItem(Integer node, boolean empty) {
            super.updateItem(node, empty);
            if (empty || node == null || tree() == null) {
                setText(null);
                pseudoClassStateChanged(FAILED, false);
                return;
            }
            setText(text.apply(node));
            pseudoClassStateChanged(FAILED, tree().failed(node));
        }
    }

    /** The bar's colour by what the node is: one palette that reads on the light theme and the dark alike. */
    private static final java.util.Map<String, javafx.scene.layout.Background> BARS = java.util.Map.of(
            "agent", bar("#9b7be0"), "turn", bar("#4a90d9"), "model", bar("#d6619f"), "tool", bar("#e0803c"),
            "span", bar("#4aa3c2"), "failed", bar("#e0505f"));

    private static javafx.scene.layout.Background bar(String colour) {
        return new javafx.scene.layout.Background(new javafx.scene.layout.BackgroundFill(javafx.scene.paint.Color.web(colour),
                new javafx.scene.layout.CornerRadii(2), javafx.geometry.Insets.EMPTY));
    }

    /**
     * The node's duration as a bar on its run's time axis, with the duration beside it: a gap as wide as the time before
     * it, the bar, the words, laid out by the row. The bar's colour is set here, not by a style: a cell restyled at
     * each width it is given cost a style pass of the whole table per cell.
     */
    private final class WaterfallCell extends TableCell<Integer, Integer> {

        private final Region before = new Region();
        private final Region bar = new Region();
        private final Label length = new Label();
        private final HBox lane = new HBox(before, bar, length);

        WaterfallCell() {
            length.getStyleClass().add("tree-duration");
            length.setMinWidth(Region.USE_PREF_SIZE);
            HBox.setMargin(length, new javafx.geometry.Insets(0, 0, 0, 4));
            lane.setAlignment(Pos.CENTER_LEFT);
            lane.setMinWidth(0);
            widthProperty().addListener((obs, old, now) -> place());
        }

        @Override
        protected void updateItem(Integer node, boolean empty) {
            super.updateItem(node, empty);
            RunTree tree = tree();
            if (empty || node == null || tree == null || tree.start(node) == RunTree.NO_TIME) {
                setGraphic(null);
                return;
            }
            bar.setBackground(BARS.get(tree.failed(node) ? "failed" : tree.kind(node).name().toLowerCase(Locale.ROOT)));
            long end = tree.end(node) == RunTree.NO_TIME ? tree.start(node) : tree.end(node);
            length.setText(RecordWords.duration((end - tree.start(node)) / 1000.0));
            place();
            setGraphic(lane);
        }

        /** Where the bar lies at this width: each run on its own axis, a project folder's sessions lying days apart. */
        private void place() {
            RunTree tree = tree();
            Integer node = getItem();
            if (isEmpty() || node == null || tree == null || tree.start(node) == RunTree.NO_TIME) {
                return;
            }
            int root = tree.rootOf(node);
            long axisStart = tree.start(root);
            long axisEnd = tree.end(root) == RunTree.NO_TIME ? axisStart : tree.end(root);
            double span = Math.max(1, axisEnd - axisStart);
            double room = Math.max(40, getWidth() - 90);
            long end = tree.end(node) == RunTree.NO_TIME ? tree.start(node) : tree.end(node);
            fix(before, (tree.start(node) - axisStart) / span * room, 1);
            fix(bar, Math.max(2, (end - tree.start(node)) / span * room), 10);
        }

        private static void fix(Region region, double width, double height) {
            region.setMinSize(width, height);
            region.setPrefSize(width, height);
            region.setMaxSize(width, height);
        }
    }

}
