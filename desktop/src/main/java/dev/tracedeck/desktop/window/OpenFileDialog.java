package dev.tracedeck.desktop.window;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * File ▸ Open…: several files at once, starting where the last ones came from; File ▸ Open Folder…: a Claude Code
 * project folder, read whole (its sessions and their sub-agents).
 */
final class OpenFileDialog {

    private final Window owner;
    private final Consumer<List<Path>> open;
    private File lastDirectory;

    OpenFileDialog(Window owner, Consumer<List<Path>> open) {
        this.owner = owner;
        this.open = open;
    }

    void show() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open agent logs");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Agent logs and chat histories (*.log, *.jsonl, *.json, *.gz)", "*.log", "*.jsonl", "*.json", "*.gz"),
                new FileChooser.ExtensionFilter("All files", "*"));
        if (lastDirectory != null && lastDirectory.isDirectory()) {
            chooser.setInitialDirectory(lastDirectory);
        }
        List<File> files = chooser.showOpenMultipleDialog(owner);
        if (files != null && !files.isEmpty()) {
            lastDirectory = files.get(0).getParentFile();
            open.accept(files.stream().map(File::toPath).toList());
        }
    }

    void showFolder() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Open a Claude Code project folder");
        if (lastDirectory != null && lastDirectory.isDirectory()) {
            chooser.setInitialDirectory(lastDirectory);
        }
        File folder = chooser.showDialog(owner);
        if (folder != null) {
            lastDirectory = folder.getParentFile();
            open.accept(List.of(folder.toPath()));
        }
    }
}
