package dev.tracedeck.desktop.triage;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.workspace.TriageStatus;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.TextInputDialog;

/** The note prompt as a small dialog over the window: Enter marks, Escape cancels. */
public final class NoteDialog implements NotePrompt {

    private final Node owner;

    /** @param owner a node of the window the dialog belongs to */
    public NoteDialog(Node owner) {
        this.owner = owner;
    }

    @Override
    public Optional<String> ask(Finding finding, TriageStatus status, String previousNote) {
        TextInputDialog dialog = new TextInputDialog(previousNote);
        if (owner.getScene() != null) {
            dialog.initOwner(owner.getScene().getWindow());
            dialog.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        dialog.setTitle("Mark " + TriageMarks.label(status));
        dialog.setHeaderText(finding.ruleId() + ": " + finding.message());
        dialog.setContentText("Note:");
        return dialog.showAndWait();
    }
}
