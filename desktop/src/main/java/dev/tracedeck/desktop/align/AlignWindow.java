package dev.tracedeck.desktop.align;

import dev.tracedeck.analysis.align.AlignedRun;
import dev.tracedeck.desktop.common.ScreenFit;
import dev.tracedeck.desktop.common.ZoomPane;
import dev.tracedeck.desktop.compare.CompareWindow;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.input.KeyCombination;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * File ▸ Align Runs…: a window of its own over the main one, where the runs of a task are chosen (files, or a folder
 * of them), aligned in the background and shown; two runs selected open the compare window. Ctrl+W closes it.
 */
public final class AlignWindow {

    private static final double WIDTH = 1280;
    private static final double HEIGHT = 800;

    private final Window owner;
    private final AlignViewModel model;
    private final AlignView view;
    private final Stage stage = new Stage();
    private File lastDirectory;

    public AlignWindow(Window owner, AlignViewModel model) {
        this.owner = owner;
        this.model = model;
        this.view = new AlignView(model, this::chooseFiles, this::chooseFolder, this::compareSelected);
        stage.initOwner(owner);
        stage.setTitle("Align runs — Tracedeck");
        Rectangle2D size = ScreenFit.size(WIDTH, HEIGHT, owner);
        Scene scene = new Scene(new ZoomPane(view), size.getWidth(), size.getHeight());
        if (owner.getScene() != null) {
            scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+W"), stage::close);
        stage.setScene(scene);
    }

    public void show() {
        stage.show();
        stage.toFront();
    }

    public Stage stage() {
        return stage;
    }

    public AlignView view() {
        return view;
    }

    private void chooseFiles() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Runs of one task");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Traces (*.json, *.jsonl, *.log, *.eval, *.gz)", "*.json", "*.jsonl", "*.log", "*.eval", "*.gz"),
                new FileChooser.ExtensionFilter("All files", "*"));
        if (lastDirectory != null && lastDirectory.isDirectory()) {
            chooser.setInitialDirectory(lastDirectory);
        }
        List<File> files = chooser.showOpenMultipleDialog(stage);
        if (files != null && !files.isEmpty()) {
            lastDirectory = files.get(0).getParentFile();
            model.load(files.stream().map(File::toPath).toList());
        }
    }

    private void chooseFolder() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("A folder of runs of one task");
        if (lastDirectory != null && lastDirectory.isDirectory()) {
            chooser.setInitialDirectory(lastDirectory);
        }
        File folder = chooser.showDialog(stage);
        if (folder != null) {
            lastDirectory = folder;
            model.load(List.of(folder.toPath()));
        }
    }

    /** The two runs selected, compared; the comparison opens in the compare window. */
    void compareSelected() {
        List<AlignedRun> pair = view.selectedPair();
        if (pair.size() != 2) {
            return;
        }
        model.compare(pair.get(0), pair.get(1),
                comparison -> CompareWindow.of(stage, pair.get(0).name(), pair.get(1).name(), comparison).show());
    }

    /** Aligns {@code inputs} as if chosen: the command line and tests. */
    public void load(List<Path> inputs) {
        model.load(inputs);
    }
}
