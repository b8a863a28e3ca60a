package dev.tracedeck.desktop.runs;

import dev.tracedeck.workspace.SearchHit;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Search across runs: a query field (Enter searches), what was found, one hit a row with where it is and a snippet;
 * Enter or a double-click on a hit opens its file at its event.
 */
public final class SearchView extends VBox {

    private final SearchViewModel model;
    private final TextField query = new TextField();
    private final ListView<SearchHit> list = new ListView<>();

    public SearchView(SearchViewModel model) {
        this.model = model;
        setId("run-search");
        getStyleClass().add("run-search");
        getStylesheets().add(SearchView.class.getResource("runs.css").toExternalForm());
        query.setId("run-search-query");
        query.setPromptText("Search every recorded trace");
        query.textProperty().bindBidirectional(model.queryProperty());
        query.setOnAction(e -> model.search());
        HBox.setHgrow(query, Priority.ALWAYS);
        Button go = new Button("Search");
        go.setOnAction(e -> model.search());
        Label status = new Label();
        status.setId("run-search-status");
        status.getStyleClass().add("runs-count");
        status.textProperty().bind(model.statusProperty());
        HBox bar = new HBox(query, go);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("runs-bar");
        HBox info = new HBox(status);
        info.getStyleClass().add("runs-bar");
        list.setId("run-search-hits");
        list.getStyleClass().add("run-search-list");
        list.setItems(model.hits());
        list.setCellFactory(l -> new HitCell());
        list.setPlaceholder(new Label(""));
        list.setOnKeyPressed(e -> {
            SearchHit hit = list.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.ENTER && hit != null) {
                model.open(hit);
                e.consume();
            }
        });
        // Down from the query goes to the hits, so the keyboard alone can search and open.
        query.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.DOWN && !list.getItems().isEmpty()) {
                list.requestFocus();
                list.getSelectionModel().selectFirst();
                e.consume();
            }
        });
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().addAll(bar, info, list);
    }

    public void focusQuery() {
        query.requestFocus();
        query.selectAll();
    }

    private final class HitCell extends ListCell<SearchHit> {
        private final Label where = new Label();
        /** The snippet, its matched words marked. */
        private final HBox snippet = new HBox();
        private final VBox box = new VBox(where, snippet);
        private final javafx.scene.control.Tooltip tooltip = new javafx.scene.control.Tooltip();

        HitCell() {
            where.getStyleClass().add("run-search-where");
            snippet.getStyleClass().add("run-search-snippet");
            setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && getItem() != null) {
                    model.open(getItem());
                }
            });
        }

        @Override
        protected void updateItem(SearchHit hit, boolean empty) {
            super.updateItem(hit, empty);
            if (empty || hit == null) {
                setTooltip(null);
                setGraphic(null);
                return;
            }
            java.nio.file.Path name = java.nio.file.Path.of(hit.file()).getFileName();
            where.setText((name == null ? hit.file() : name.toString()) + ":" + hit.line() + "  ·  " + (hit.thread().isEmpty() ? "(run)" : hit.thread())
                    + "  ·  event " + hit.seq());
            snippet.getChildren().clear();
            for (SearchHit.Piece piece : hit.pieces()) {
                Label label = new Label(piece.text().replace('\n', ' '));
                label.getStyleClass().add(piece.match() ? "run-search-match" : "run-search-piece");
                label.setMinWidth(Region.USE_PREF_SIZE);
                snippet.getChildren().add(label);
            }
            if (!snippet.getChildren().isEmpty()) {
                // Only the last piece gives way to a narrow list: a match cut to "..." would mark nothing.
                ((Label) snippet.getChildren().get(snippet.getChildren().size() - 1)).setMinWidth(0);
            }
            tooltip.setText(hit.file() + "\nEnter or double-click to open it at this event");
            setTooltip(tooltip);
            setGraphic(box);
        }
    }
}
