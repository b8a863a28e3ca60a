package dev.tracedeck.desktop.workspace;

import java.io.File;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.event.ActionEvent;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * File ▸ Workspace…: a field for the workspace's file or server URL, what the window works on now, and while Open
 * tries the one typed, a spinner; a failure is one line under the field and the dialog stays open. The dialog closes
 * once the window works on the new workspace. All of it is {@link WorkspaceChoice}'s; this binds it.
 */
public final class WorkspaceDialog {

    static final String STYLE_ERROR = "workspace-error";
    private static final ButtonType OPEN = new ButtonType("Open", ButtonBar.ButtonData.OK_DONE);

    private final Window owner;
    private final WorkspaceChoice choice;

    public WorkspaceDialog(Window owner, WorkspaceChoice choice) {
        this.owner = owner;
        this.choice = choice;
    }

    /** Shows the dialog until it is cancelled or the workspace typed is the window's. */
    public void show() {
        build().showAndWait();
    }

    /** The dialog, not shown (tests show it without waiting). */
    Dialog<ButtonType> build() {
        TextField location = new TextField();
        location.setId("workspace-location");
        location.setPrefColumnCount(40);
        location.setPromptText("/path/to/workspace.db or postgresql://host[:port]/database");
        location.textProperty().bindBidirectional(choice.locationProperty());
        location.disableProperty().bind(choice.busyProperty());
        Button browse = new Button("Browse…");
        browse.setId("workspace-browse");
        browse.disableProperty().bind(choice.busyProperty());
        browse.setOnAction(e -> browse(location));
        HBox field = new HBox(8, location, browse);
        HBox.setHgrow(location, Priority.ALWAYS);

        Label current = new Label();
        current.setId("workspace-current");
        current.textProperty().bind(choice.currentProperty().map(c -> "Now: " + c));
        current.getStyleClass().add("muted");
        Label hint = new Label("An SQLite file (created when absent), or a database on a PostgreSQL server that a team "
                + "shares. The password never goes in the URL: it comes from PGPASSWORD, ~/.pgpass or a service file "
                + "(postgresql:///?service=NAME).");
        hint.setWrapText(true);
        hint.setMaxWidth(520);
        hint.getStyleClass().add("muted");

        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setId("workspace-progress");
        spinner.setPrefSize(16, 16);
        Label opening = new Label();
        opening.textProperty().bind(choice.locationProperty().map(l -> "Opening " + l.strip() + "…"));
        HBox progress = new HBox(8, spinner, opening);
        progress.visibleProperty().bind(choice.busyProperty());
        progress.managedProperty().bind(choice.busyProperty());

        Label error = new Label();
        error.setId("workspace-error");
        error.getStyleClass().add(STYLE_ERROR);
        error.setWrapText(true);
        error.setMaxWidth(520);
        error.textProperty().bind(choice.errorProperty());
        error.visibleProperty().bind(choice.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());

        VBox content = new VBox(8, field, current, progress, error, hint);
        content.setPrefWidth(560);

        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Workspace");
        dialog.setHeaderText("The workspace this window records runs in and reads runs, triage, notes and bookmarks from");
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().setAll(OPEN, ButtonType.CANCEL);
        if (owner != null && owner.getScene() != null) {
            dialog.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        dialog.getDialogPane().getStylesheets().add(WorkspaceDialog.class.getResource("workspace.css").toExternalForm());
        // The dialog grows to show the spinner's line or a failure's whole line, and shrinks back.
        InvalidationListener fit = obs -> Platform.runLater(() -> {
            // Gone by then when the change was the one that closed it.
            Window shown = dialog.getDialogPane().getScene() == null ? null : dialog.getDialogPane().getScene().getWindow();
            if (shown != null && shown.isShowing()) {
                shown.sizeToScene();
            }
        });
        choice.busyProperty().addListener(fit);
        choice.errorProperty().addListener(fit);
        Node open = dialog.getDialogPane().lookupButton(OPEN);
        open.setId("workspace-open");
        open.disableProperty().bind(choice.busyProperty().or(choice.locationProperty().isEmpty()));
        dialog.getDialogPane().lookupButton(ButtonType.CANCEL).disableProperty().bind(choice.busyProperty());
        // Open keeps the dialog up while it tries: it closes once the window works on the new workspace.
        open.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            choice.open(() -> {
                dialog.setResult(OPEN);
                dialog.close();
            });
        });
        return dialog;
    }

    private void browse(TextField location) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Workspace file");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("SQLite workspace (*.db)", "*.db"),
                new FileChooser.ExtensionFilter("Any file", "*"));
        File chosen = chooser.showSaveDialog(owner);
        if (chosen != null) {
            location.setText(chosen.getPath());
        }
    }
}
