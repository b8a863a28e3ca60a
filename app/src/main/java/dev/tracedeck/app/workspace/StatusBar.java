package dev.tracedeck.app.workspace;

import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/** The selected file's import summary on the left; while importing, progress and Cancel on the right. */
public final class StatusBar extends HBox {

    public StatusBar(WorkspaceViewModel model) {
        getStyleClass().add("status-bar");
        getStylesheets().add(StatusBar.class.getResource("workspace.css").toExternalForm());
        setId("status-bar");
        Label status = new Label();
        status.setId("status-text");
        status.getStyleClass().add("status-text");
        status.textProperty().bind(Bindings.when(model.statusProperty().isEmpty())
                .then(Bindings.when(Bindings.isEmpty(model.documents())).then("Ready").otherwise(""))
                .otherwise(model.statusProperty()));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);

        ImportProgress progress = model.progress();
        Label label = new Label();
        label.getStyleClass().add("import-label");
        label.textProperty().bind(progress.labelProperty());
        ProgressBar bar = new ProgressBar();
        bar.setId("import-progress");
        bar.getStyleClass().add("import-bar");
        bar.progressProperty().bind(progress.fractionProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("import-cancel");
        cancel.getStyleClass().add("import-cancel");
        cancel.setOnAction(e -> model.cancelImports());
        HBox importing = new HBox(label, bar, cancel);
        importing.getStyleClass().add("import-status");
        importing.visibleProperty().bind(progress.busyProperty());
        importing.managedProperty().bind(progress.busyProperty());
        getChildren().addAll(status, spacer, importing);
    }
}
