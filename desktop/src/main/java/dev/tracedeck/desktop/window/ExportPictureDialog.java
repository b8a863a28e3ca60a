package dev.tracedeck.desktop.window;

import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.desktop.common.ViewPicture;
import java.io.File;
import java.util.LinkedHashMap;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * File ▸ Export picture…: one of the selected file's views (the one on screen first) as a PNG at 1×, 2× or 3×,
 * for slides and write-ups. Remembers the folder and the scale for the session.
 */
final class ExportPictureDialog {

    private final Window owner;
    private final Supplier<LinkedHashMap<String, Node>> views;
    private final NoticesViewModel notices;
    private final TaskRunner saving;
    private File lastDirectory;
    private double lastScale = 2;

    /** @param saving where the PNG is compressed and written, off the FX thread */
    ExportPictureDialog(Window owner, Supplier<LinkedHashMap<String, Node>> views, NoticesViewModel notices,
                        TaskRunner saving) {
        this.owner = owner;
        this.views = views;
        this.notices = notices;
        this.saving = saving;
    }

    void show() {
        LinkedHashMap<String, Node> available = views.get();
        if (available.isEmpty()) {
            notices.post(Notice.info("Open a file first: there is no view to export."));
            return;
        }
        ChoiceBox<String> view = new ChoiceBox<>();
        view.getItems().setAll(available.keySet());
        view.getSelectionModel().selectFirst();
        ChoiceBox<String> scale = new ChoiceBox<>();
        for (double s : ViewPicture.SCALES) {
            scale.getItems().add((int) s + "×");
        }
        scale.getSelectionModel().select((int) lastScale + "×");
        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, new Label("View"), view);
        form.addRow(1, new Label("Scale"), scale);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Export picture");
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        if (owner != null && owner.getScene() != null) {
            dialog.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        if (dialog.showAndWait().filter(b -> b == ButtonType.OK).isEmpty()) {
            return;
        }
        lastScale = Double.parseDouble(scale.getValue().replace("×", ""));
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save picture");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("PNG image (*.png)", "*.png"));
        chooser.setInitialFileName(view.getValue().toLowerCase(java.util.Locale.ROOT).replace(' ', '-') + ".png");
        if (lastDirectory != null && lastDirectory.isDirectory()) {
            chooser.setInitialDirectory(lastDirectory);
        }
        File file = chooser.showSaveDialog(owner);
        if (file == null) {
            return;
        }
        lastDirectory = file.getParentFile();
        File png = file.getName().toLowerCase(java.util.Locale.ROOT).endsWith(".png") ? file : new File(file.getPath() + ".png");
        String name = view.getValue();
        int scaled = (int) lastScale;
        ViewPicture.Pixels pixels;
        try {
            pixels = ViewPicture.capture(available.get(name), lastScale);
        } catch (RuntimeException e) {
            notices.post(Notice.error("Could not draw " + name + ": " + e.getMessage()));
            return;
        }
        // Drawing needs the FX thread; compressing and writing the PNG does not.
        saving.submit(BackgroundJob.of("export-picture", context -> {
                    pixels.write(png.toPath());
                    return png;
                })
                .onSuccess(saved -> notices.post(Notice.info("Saved " + name + " at " + scaled + "× to " + png)))
                .onFailure(e -> notices.post(Notice.error("Could not save the picture to " + png + ": " + e.getMessage()))));
    }
}
