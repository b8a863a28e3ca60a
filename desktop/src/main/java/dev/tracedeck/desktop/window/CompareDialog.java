package dev.tracedeck.desktop.window;

import dev.tracedeck.analysis.compare.TraceComparison;
import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.compare.CompareWindow;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import java.util.List;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * File ▸ Compare two files…: picks the run before a fix and the run after it among the open files (as
 * {@link CompareProposal} proposes them), compares them in the background and opens the comparison in a window of its
 * own, for demos, which Escape or Ctrl+W closes.
 */
final class CompareDialog {

    private final Window owner;
    private final OpenFilesViewModel openFiles;

    CompareDialog(Window owner, OpenFilesViewModel openFiles) {
        this.owner = owner;
        this.openFiles = openFiles;
    }

    void show() {
        List<TraceDocument> ready = openFiles.documents().stream().filter(TraceDocument::isReady).toList();
        if (ready.isEmpty()) {
            openFiles.notices().post(Notice.info("Open the run before a fix and the run after it (or one run, to compare two threads)."));
            return;
        }
        CompareProposal<TraceDocument> proposed = CompareProposal.of(ready, TraceDocument::name);
        ChoiceBox<TraceDocument> before = choice(ready, proposed.before());
        before.setId("compare-before");
        ChoiceBox<TraceDocument> after = choice(ready, proposed.after());
        after.setId("compare-after");
        ChoiceBox<String> beforeThread = threads(before);
        ChoiceBox<String> afterThread = threads(after);
        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, new Label("Before the fix"), before, beforeThread);
        form.addRow(1, new Label("After it"), after, afterThread);
        Label hint = new Label("Pick a thread on both sides to compare two threads, of one file or two.");
        hint.getStyleClass().add("muted");
        form.add(hint, 0, 2, 3, 1);
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
        boolean threads = beforeThread.getSelectionModel().getSelectedIndex() > 0 && afterThread.getSelectionModel().getSelectedIndex() > 0;
        open(before.getValue(), threads ? java.util.Optional.of(beforeThread.getValue()) : java.util.Optional.empty(),
                after.getValue(), threads ? java.util.Optional.of(afterThread.getValue()) : java.util.Optional.empty());
    }

    void open(TraceDocument before, TraceDocument after) {
        open(before, java.util.Optional.empty(), after, java.util.Optional.empty());
    }

    /** Compares in the background, then shows the comparison in its own window. */
    void open(TraceDocument before, java.util.Optional<String> beforeThread, TraceDocument after,
              java.util.Optional<String> afterThread) {
        // Checking two big files takes a while: say so, the window opens when they are compared.
        Notice comparing = Notice.info("Comparing " + before.name() + " with " + after.name() + "…");
        openFiles.notices().post(comparing);
        // A comparison reads two whole files, as an import does: it runs where imports run.
        openFiles.importRunner().submit(BackgroundJob.of("compare",
                        context -> openFiles.compare(before, beforeThread, after, afterThread))
                .onSuccess(comparison -> {
                    openFiles.notices().dismiss(comparing);
                    window(before, after, comparison).show();
                })
                .onFailure(e -> {
                    openFiles.notices().dismiss(comparing);
                    openFiles.notices().post(Notice.error("Could not compare " + before.name() + " with "
                            + after.name() + ": " + e.getMessage()));
                })
                .onCancelled(() -> openFiles.notices().dismiss(comparing)));
    }

    Stage window(TraceDocument before, TraceDocument after, TraceComparison comparison) {
        return CompareWindow.of(owner, before.name(), after.name(), comparison);
    }

    /** "All threads", then the file's threads; follows the file chosen beside it. */
    private static ChoiceBox<String> threads(ChoiceBox<TraceDocument> file) {
        ChoiceBox<String> box = new ChoiceBox<>();
        Runnable fill = () -> {
            box.getItems().setAll("All threads");
            if (file.getValue() != null) {
                file.getValue().getContent().loaded().trace().threads().forEach(t -> box.getItems().add(t.id()));
            }
            box.getSelectionModel().selectFirst();
        };
        fill.run();
        file.valueProperty().addListener((obs, old, now) -> fill.run());
        return box;
    }

    private static ChoiceBox<TraceDocument> choice(List<TraceDocument> documents, TraceDocument selected) {
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
