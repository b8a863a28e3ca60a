package dev.tracedeck.desktop.runs;

import dev.tracedeck.workspace.FileStatus;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The runs table: every trace in the workspace with its format, size, threads, findings by severity, triage
 * progress and when it was last opened; a filter above; click a header to sort; double-click or Enter reopens.
 */
public final class RunsView extends VBox {

    private static final PseudoClass MISSING = PseudoClass.getPseudoClass("missing");
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
            .withZone(ZoneId.systemDefault());

    private final RunsViewModel model;
    private final TableView<RunRow> table = new TableView<>();
    private final TextField filter = new TextField();

    public RunsView(RunsViewModel model) {
        this.model = model;
        setId("runs-view");
        getStyleClass().add("runs");
        getStylesheets().add(RunsView.class.getResource("runs.css").toExternalForm());
        filter.setId("runs-filter");
        filter.setPromptText("Filter by path, format or status");
        filter.textProperty().bindBidirectional(model.filterProperty());
        HBox.setHgrow(filter, Priority.ALWAYS);
        Label count = new Label();
        count.getStyleClass().add("runs-count");
        count.textProperty().bind(model.statusProperty());
        HBox bar = new HBox(filter, count);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("runs-bar");
        buildTable();
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(bar, table);
    }

    public TableView<RunRow> table() {
        return table;
    }

    public void focusFilter() {
        filter.requestFocus();
    }

    private void buildTable() {
        table.setId("runs-table");
        table.getStyleClass().add("runs-table");
        table.setItems(model.sorted());
        model.sorted().comparatorProperty().bind(table.comparatorProperty());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No traces recorded yet: open one, or run tracedeck validate on it."));
        TableColumn<RunRow, String> name = column("File", RunRow::name, s -> s, 200);
        TableColumn<RunRow, String> format = column("Format", r -> r.run().format(), s -> s, 110);
        TableColumn<RunRow, Long> size = column("Size", r -> r.run().file().size(), RunsView::bytes, 80);
        TableColumn<RunRow, Long> threads = column("Threads", RunRow::threadsCount, n -> Long.toString(n), 70);
        TableColumn<RunRow, Long> errors = column("Errors", RunRow::errors, RunsView::count, 70);
        TableColumn<RunRow, Long> warnings = column("Warnings", RunRow::warnings, RunsView::count, 80);
        TableColumn<RunRow, Double> triage = column("Triaged", RunRow::triaged, d -> "", 80);
        triage.setCellFactory(c -> new TextCell<>(RunRow::triageText));
        TableColumn<RunRow, java.time.Instant> opened = column("Last opened", r -> r.run().lastOpened(), WHEN::format, 130);
        TableColumn<RunRow, String> status = column("File status", RunRow::statusText, s -> s, 90);
        TableColumn<RunRow, String> path = column("Path", RunRow::path, s -> s, 300);
        for (TableColumn<RunRow, ?> numeric : java.util.List.of(size, threads, errors, warnings, triage)) {
            numeric.getStyleClass().add("runs-numeric");
        }
        table.getColumns().setAll(java.util.List.of(name, format, size, threads, errors, warnings, triage, opened, status, path));
        table.setRowFactory(t -> {
            TableRow<RunRow> row = new TableRow<>() {
                @Override
                protected void updateItem(RunRow item, boolean empty) {
                    super.updateItem(item, empty);
                    pseudoClassStateChanged(MISSING, !empty && item != null && item.run().status() == FileStatus.MISSING);
                }
            };
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !row.isEmpty()) {
                    model.open(row.getItem());
                }
            });
            return row;
        });
        table.setOnKeyPressed(e -> {
            RunRow selected = table.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.ENTER && selected != null) {
                model.open(selected);
                e.consume();
            }
        });
    }

    private static <T> TableColumn<RunRow, T> column(String title, Function<RunRow, T> value, Function<T, String> text, double width) {
        TableColumn<RunRow, T> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(value.apply(c.getValue())));
        column.setCellFactory(c -> new TextCell<>(row -> text.apply(value.apply(row))));
        column.setPrefWidth(width);
        return column;
    }

    /** A cell that shows text derived from its row; resets fully on every update. */
    private static final class TextCell<T> extends TableCell<RunRow, T> {
        private final Function<RunRow, String> text;

        TextCell(Function<RunRow, String> text) {
            this.text = text;
        }

        @Override
        protected void updateItem(T item, boolean empty) {
            super.updateItem(item, empty);
            RunRow row = empty || getTableRow() == null ? null : getTableRow().getItem();
            setText(row == null ? null : text.apply(row));
        }
    }

    static String count(long n) {
        return n < 0 ? "–" : Long.toString(n);
    }

    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        double kib = n / 1024.0;
        return kib < 1024 ? String.format(Locale.ROOT, "%.0f KiB", kib) : String.format(Locale.ROOT, "%.1f MiB", kib / 1024);
    }
}
