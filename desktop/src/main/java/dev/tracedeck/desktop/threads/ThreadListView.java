package dev.tracedeck.desktop.threads;

import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The thread list; selecting a thread narrows the timeline to it. */
public final class ThreadListView extends VBox {

    public ThreadListView(ThreadListViewModel model) {
        getStyleClass().add("threads");
        getStylesheets().add(ThreadListView.class.getResource("threads.css").toExternalForm());
        Label title = new Label("THREADS");
        title.getStyleClass().add("pane-title");
        Label count = new Label();
        count.textProperty().bind(Bindings.createStringBinding(() -> Integer.toString(model.threadCount()), model.threads()));
        count.getStyleClass().add("pane-count");
        HBox header = new HBox(title, count);
        header.getStyleClass().add("pane-header");

        ListView<ThreadSummary> list = new ListView<>(model.threads());
        list.setId("thread-list");
        list.getStyleClass().add("thread-list");
        list.setCellFactory(l -> new ThreadCell(model::findingsOf, model.findingsProperty()));
        list.getSelectionModel().select(model.getSelected());
        list.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> model.select(now));
        model.selectedProperty().addListener((obs, old, now) -> {
            if (list.getSelectionModel().getSelectedItem() != now) {
                list.getSelectionModel().select(now);
            }
        });
        // A row set anew as a file is read further (its counts grown) drops the list's selection: put the model's back.
        model.threads().addListener((ListChangeListener<ThreadSummary>) c -> {
            if (list.getSelectionModel().getSelectedItem() != model.getSelected()) {
                list.getSelectionModel().select(model.getSelected());
            }
        });
        getChildren().addAll(header, list);
        VBox.setVgrow(list, Priority.ALWAYS);
    }
}
