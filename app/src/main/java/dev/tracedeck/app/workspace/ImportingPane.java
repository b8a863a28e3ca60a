package dev.tracedeck.app.workspace;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.VBox;

/** What a tab shows while its file is read: the file, how far along, and a way out. */
final class ImportingPane extends VBox {

    ImportingPane(TraceDocument document, Runnable cancel) {
        getStyleClass().add("importing-pane");
        Label title = new Label("Reading " + document.name());
        title.getStyleClass().add("importing-title");
        Label path = new Label(document.path().toString());
        path.getStyleClass().add("importing-path");
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(document.progressProperty());
        bar.getStyleClass().add("importing-bar");
        Button stop = new Button("Cancel");
        stop.setOnAction(e -> cancel.run());
        getChildren().addAll(title, path, bar, stop);
    }
}
