package dev.tracedeck.app.desktop;

import dev.tracedeck.app.common.Notice;
import dev.tracedeck.app.compare.CompareView;
import dev.tracedeck.app.workspace.TraceDocument;
import dev.tracedeck.app.workspace.WorkspaceViewModel;
import dev.tracedeck.model.compare.TraceComparison;
import java.util.List;
import javafx.concurrent.Task;
import javafx.scene.Scene;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * File ▸ Compare two files…: picks the run before a fix and the run after it among the open files (the first two by
 * default), compares them in the background and opens the comparison in a window of its own, for demos.
 */
final class CompareDialog {

    private final Window owner;
    private final WorkspaceViewModel workspace;

    CompareDialog(Window owner, WorkspaceViewModel workspace) {
        this.owner = owner;
        this.workspace = workspace;
    }

    void show() {
        List<TraceDocument> ready = workspace.documents().stream().filter(TraceDocument::isReady).toList();
        if (ready.size() < 2) {
            workspace.notices().post(Notice.info("Open two files to compare: the run before a fix and the run after it."));
            return;
        }
        ChoiceBox<TraceDocument> before = choice(ready, 0);
        ChoiceBox<TraceDocument> after = choice(ready, 1);
        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, new Label("Before the fix"), before);
        form.addRow(1, new Label("After it"), after);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Compare two files");
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        if (owner.getScene() != null) {
            dialog.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        if (dialog.showAndWait().filter(b -> b == ButtonType.OK).isEmpty()) {
            return;
        }
        open(before.getValue(), after.getValue());
    }

    /** Compares in the background, then shows the comparison in its own window. */
    void open(TraceDocument before, TraceDocument after) {
        Task<TraceComparison> task = new Task<>() {
            @Override
            protected TraceComparison call() {
                return workspace.compare(before, after);
            }
        };
        task.setOnSucceeded(e -> window(before, after, task.getValue()).show());
        task.setOnFailed(e -> workspace.notices().post(Notice.error("Could not compare " + before.name() + " with "
                + after.name() + ": " + task.getException().getMessage())));
        Thread thread = new Thread(task, "compare");
        thread.setDaemon(true);
        thread.start();
    }

    Stage window(TraceDocument before, TraceDocument after, TraceComparison comparison) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(before.name() + " ↔ " + after.name() + " — Tracedeck compare");
        Scene scene = new Scene(new CompareView(comparison), 1200, 720);
        if (owner.getScene() != null) {
            scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        stage.setScene(scene);
        return stage;
    }

    private static ChoiceBox<TraceDocument> choice(List<TraceDocument> documents, int selected) {
        ChoiceBox<TraceDocument> box = new ChoiceBox<>();
        box.getItems().setAll(documents);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(TraceDocument d) {
                return d == null ? "" : d.name();
            }

            @Override
            public TraceDocument fromString(String s) {
                return null;
            }
        });
        box.getSelectionModel().select(selected);
        return box;
    }
}
