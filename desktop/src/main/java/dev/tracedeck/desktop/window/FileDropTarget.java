package dev.tracedeck.desktop.window;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.input.DragEvent;
import javafx.scene.input.TransferMode;

/** Makes a node accept files dropped from the desktop; {@code :drop-target} lights it up while files hover. */
final class FileDropTarget {

    private static final PseudoClass DROP_TARGET = PseudoClass.getPseudoClass("drop-target");

    private FileDropTarget() {
    }

    static void install(Node node, Consumer<List<Path>> open) {
        node.addEventHandler(DragEvent.DRAG_OVER, e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
                node.pseudoClassStateChanged(DROP_TARGET, true);
                e.consume();
            }
        });
        node.addEventHandler(DragEvent.DRAG_EXITED, e -> node.pseudoClassStateChanged(DROP_TARGET, false));
        node.addEventHandler(DragEvent.DRAG_DROPPED, e -> {
            node.pseudoClassStateChanged(DROP_TARGET, false);
            if (e.getDragboard().hasFiles()) {
                open.accept(e.getDragboard().getFiles().stream().map(File::toPath).toList());
                e.setDropCompleted(true);
                e.consume();
            }
        });
    }
}
