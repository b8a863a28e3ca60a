package dev.tracedeck.desktop.cost;

import dev.tracedeck.analysis.cost.CallCost;
import dev.tracedeck.analysis.cost.CostGroups;
import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.cost.Prices;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * What the trace's model calls cost: the total ("≥ $X + N unpriced calls" when some model has no price, never $0), and
 * a row per model, thread, agent or call (the switch above, or M T A C), each group followed by its calls. A call's row
 * has its tokens by bucket as billed, the price row used and the dollars; figures Tracedeck estimated, the trace having
 * recorded no usage, are marked "~" and set apart. A table: it draws only the rows on screen.
 */
public final class CostView extends BorderPane {

    private static final double INDENT = 14;
    private static final PseudoClass ESTIMATED = PseudoClass.getPseudoClass("estimated");
    private static final PseudoClass UNPRICED = PseudoClass.getPseudoClass("unpriced");
    private static final PseudoClass GROUP = PseudoClass.getPseudoClass("group");
    private final CostViewModel model;
    private final TableView<CostRow> table = new TableView<>();
    private final Label total = new Label();
    private final Label counts = new Label();
    private final ToggleGroup grouping = new ToggleGroup();
    private final HBox switches = new HBox();
    private final Label grouped = new Label();

    public CostView(CostViewModel model) {
        this.model = model;
        getStyleClass().add("cost-view");
        // As small as the other views beside the detail: the tab pane takes the tallest of its tabs as its own.
        setMinSize(0, 0);
        setPrefSize(300, 200);
        getStylesheets().add(CostView.class.getResource("/dev/tracedeck/desktop/cost/cost.css").toExternalForm());
        setTop(new VBox(header(), summary()));
        buildTable();
        setCenter(table);
        model.sheetProperty().addListener((obs, old, now) -> show(now));
        model.selectedRowProperty().addListener((obs, old, now) -> showSelected(now.intValue()));
        model.byProperty().addListener((obs, old, now) -> selectToggle(now));
        // On the view, not the table: Ctrl+7 gives the view the keys.
        addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            CostGroups.By by = switch (e.getCode()) {
                case M -> CostGroups.By.model;
                case T -> CostGroups.By.thread;
                case A -> CostGroups.By.agent;
                case C -> CostGroups.By.call;
                default -> null;
            };
            if (by != null && !e.isShortcutDown() && !e.isAltDown()) {
                model.byProperty().set(by);
                e.consume();
            }
        });
        show(model.sheet());
    }

    public TableView<CostRow> table() {
        return table;
    }

    /** The total, as the header says it. */
    public String totalText() {
        return total.getText();
    }

    private HBox header() {
        Label title = new Label("COST");
        title.getStyleClass().add("pane-title");
        switches.getStyleClass().add("cost-by");
        switches.setAlignment(Pos.CENTER_LEFT);
        for (CostGroups.By by : CostGroups.By.values()) {
            ToggleButton button = new ToggleButton("by " + by.name());
            button.setId("cost-by-" + by.name());
            button.setUserData(by);
            button.setToggleGroup(grouping);
            button.setFocusTraversable(false);
            button.setTooltip(new Tooltip("Group the calls by " + by.name() + " (" + by.name().substring(0, 1).toUpperCase(Locale.ROOT) + ")"));
            switches.getChildren().add(button);
        }
        selectToggle(model.byProperty().get());
        grouping.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                // A grouping is always chosen: pressing the chosen one again keeps it.
                selectToggle(model.byProperty().get());
            } else {
                model.byProperty().set((CostGroups.By) now.getUserData());
            }
        });
        Label status = new Label();
        status.getStyleClass().add("event-count");
        status.textProperty().bind(model.statusProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        grouped.getStyleClass().add("pane-count");
        grouped.textProperty().bind(model.byProperty().asString("by %s"));
        grouped.setVisible(false);
        grouped.setManaged(false);
        HBox header = new HBox(title, switches, grouped, gap, status);
        header.getStyleClass().add("pane-header");
        header.setAlignment(Pos.CENTER_LEFT);
        return header;
    }

    private HBox summary() {
        total.setId("cost-total");
        total.getStyleClass().add("cost-total");
        counts.getStyleClass().add("cost-counts");
        HBox box = new HBox(12, total, counts);
        box.getStyleClass().add("cost-summary");
        box.setAlignment(Pos.BASELINE_LEFT);
        return box;
    }

    private void selectToggle(CostGroups.By by) {
        grouping.getToggles().stream().filter(t -> t.getUserData() == by).findFirst().ifPresent(grouping::selectToggle);
    }

    private void show(CostSheet sheet) {
        table.setItems(sheet == null ? FXCollections.observableArrayList() : FXCollections.observableList(sheet.rows()));
        table.setPlaceholder(new Label(sheet == null ? "Pricing the calls…" : "No model call recorded in this trace"));
        if (sheet == null) {
            total.setText("");
            counts.setText("");
        } else {
            CostTotal t = sheet.total();
            total.setText(t.calls() == 0 && t.duplicates() == 0 ? "no model call" : t.text());
            total.pseudoClassStateChanged(UNPRICED, t.atLeast());
            counts.setText(counts(t));
            total.setTooltip(new Tooltip(String.join("\n", sheet.sources().stream().map(CostView::source).toList())));
        }
        showSelected(model.selectedRowProperty().get());
    }

    private static String source(Prices.Source s) {
        return s.role() + ": " + s.name() + " — " + s.from();
    }

    /** "25 calls: 24 recorded, 1 estimated · 2 unpriced". */
    static String counts(CostTotal t) {
        String s = CostViewModel.count(t.calls()) + (t.calls() == 1 ? " call: " : " calls: ")
                + CostViewModel.count(t.calls() - t.estimated()) + " recorded, " + CostViewModel.count(t.estimated()) + " estimated";
        if (t.unpriced() > 0) {
            s += " · " + CostViewModel.count(t.unpriced()) + " unpriced";
        }
        if (t.duplicates() > 0) {
            s += " · " + CostViewModel.count(t.duplicates()) + (t.duplicates() == 1 ? " record" : " records")
                    + " of a response already counted";
        }
        return s;
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
        table.setId("cost-table");
        table.getStyleClass().add("cost-table");
        // Each column as wide as its figures, the table scrolling sideways in a narrow pane: a cost cut to "$0.01…"
        // says nothing. The cost comes right after the name, so that it shows in the narrowest pane.
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        TableColumn<CostRow, CostRow> name = column("Model · thread · call", 220);
        name.setMinWidth(120);
        name.setCellFactory(c -> new NameCell());
        TableColumn<CostRow, CostRow> dollars = text("Cost", 116, CostView::dollars, "cost-dollars");
        TableColumn<CostRow, CostRow> origin = text("Usage", 78, CostView::origin, "cost-origin");
        TableColumn<CostRow, CostRow> calls = text("Calls", 52, r -> r.isCall() ? "" : CostViewModel.count(r.total().calls()), "cost-number");
        TableColumn<CostRow, CostRow> input = tokens("Input", b -> b.input());
        TableColumn<CostRow, CostRow> read = tokens("Cache read", b -> b.cacheRead());
        TableColumn<CostRow, CostRow> write5m = tokens("Write 5m", b -> b.cacheWrite5m());
        TableColumn<CostRow, CostRow> write1h = tokens("Write 1h", b -> b.cacheWrite1h());
        TableColumn<CostRow, CostRow> output = tokens("Output", b -> b.output());
        TableColumn<CostRow, CostRow> reasoning = tokens("Reasoning", b -> b.reasoning());
        TableColumn<CostRow, CostRow> row = text("Price row", 240, r -> String.join(", ", r.priceRows()), "cost-price-row");
        table.getColumns().addAll(List.of(name, dollars, origin, calls, input, read, write5m, write1h, output, reasoning, row));
        table.getSelectionModel().selectedIndexProperty().addListener((obs, old, now) -> {
            int at = now.intValue();
            if (at >= 0 && at != model.selectedRowProperty().get()) {
                model.select(at);
            }
        });
    }

    /** The row's dollars: its cost, "UNPRICED" for a call no table prices, "≥ …" for a group with such calls. */
    static String dollars(CostRow r) {
        CostTotal t = r.total();
        if (t.calls() == 0) {
            return "counted before";
        }
        if (r.isCall() && t.unpriced() > 0) {
            return "UNPRICED";
        }
        String s = t.text();
        return r.estimated() ? "~" + s : s;
    }

    /** Where the row's token counts come from: as the trace recorded them, or Tracedeck's estimate. */
    static String origin(CostRow r) {
        CostTotal t = r.total();
        if (t.calls() == 0) {
            return "";
        }
        if (t.estimated() == 0) {
            return CallCost.Origin.RECORDED.label();
        }
        if (t.estimated() == t.calls()) {
            return CallCost.Origin.ESTIMATED.label();
        }
        return CostViewModel.count(t.calls() - t.estimated()) + " rec · " + CostViewModel.count(t.estimated()) + " est";
    }

    private TableColumn<CostRow, CostRow> tokens(String title, ToLongFunction<CostTotal.Buckets> bucket) {
        return text(title, 80, r -> {
            if (r.total().calls() == 0) {
                return "";
            }
            long n = bucket.applyAsLong(r.total().tokens());
            return n == 0 ? "·" : (r.estimated() ? "~" : "") + CostViewModel.count(n);
        }, "cost-number");
    }

    private TableColumn<CostRow, CostRow> text(String title, double width, Function<CostRow, String> text, String style) {
        TableColumn<CostRow, CostRow> column = column(title, width);
        column.setCellFactory(c -> new TextCell(text, style));
        return column;
    }

    private static TableColumn<CostRow, CostRow> column(String title, double width) {
        TableColumn<CostRow, CostRow> column = new TableColumn<>(title);
        column.setPrefWidth(width);
        column.setSortable(false);
        column.setReorderable(false);
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        return column;
    }

    private static void mark(TableCell<CostRow, CostRow> cell, CostRow row) {
        cell.pseudoClassStateChanged(GROUP, row != null && !row.isCall());
        cell.pseudoClassStateChanged(ESTIMATED, row != null && row.estimated());
        cell.pseudoClassStateChanged(UNPRICED, row != null && row.total().unpriced() > 0);
    }

    /** The row's name, indented: a call under its group, a sub-agent under the agent that started it. */
    private static final class NameCell extends TableCell<CostRow, CostRow> {

        private final Label text = new Label();
        private final HBox box = new HBox(text);

        NameCell() {
            getStyleClass().add("cost-name");
            text.getStyleClass().add("cost-name-text");
            box.setAlignment(Pos.CENTER_LEFT);
        }

        @Override
        protected void updateItem(CostRow row, boolean empty) {
            super.updateItem(row, empty);
            mark(this, empty ? null : row);
            setText(null);
            if (empty || row == null) {
                setGraphic(null);
                return;
            }
            text.setText(row.label());
            // Set here, not by a style: a cell restyled per row would cost a style pass of the table per cell.
            box.setPadding(new javafx.geometry.Insets(0, 0, 0, row.depth() * INDENT));
            setGraphic(box);
        }
    }

    /** A column of figures or words about the row. */
    private static final class TextCell extends TableCell<CostRow, CostRow> {

        private final Function<CostRow, String> text;

        TextCell(Function<CostRow, String> text, String style) {
            this.text = text;
            getStyleClass().add(style);
        }

        @Override
        protected void updateItem(CostRow row, boolean empty) {
            super.updateItem(row, empty);
            mark(this, empty ? null : row);
            setText(empty || row == null ? null : text.apply(row));
        }
    }

    /** For a picture: no scroll bars, nothing to press; the grouping said in words. */
    public void forPicture() {
        getStyleClass().add("picture");
        switches.setVisible(false);
        switches.setManaged(false);
        grouped.setVisible(true);
        grouped.setManaged(true);
    }
}
