package dev.tracedeck.desktop.prune;

import dev.tracedeck.desktop.common.ScreenFit;
import dev.tracedeck.desktop.common.ZoomPane;
import javafx.beans.binding.Bindings;
import javafx.scene.Scene;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The playground's own window, beside the main one: one at a time, reused when opened again (on the new thread and
 * point), themed like the main window and following its theme while open. Closing it stops its computation.
 */
public final class PlaygroundWindow {

    private static final double WIDTH = 1280;
    private static final double HEIGHT = 720;

    private final Window owner;
    private final Scene themed;
    private Stage stage;
    private PlaygroundViewModel current;

    /** @param themed the main window's scene, whose stylesheets (the theme) this window shares */
    public PlaygroundWindow(Window owner, Scene themed) {
        this.owner = owner;
        this.themed = themed;
    }

    public void show(PlaygroundViewModel model) {
        if (current != null) {
            current.close();
        }
        current = model;
        PlaygroundView view = new PlaygroundView(model);
        if (stage == null) {
            stage = new Stage();
            stage.initOwner(owner);
            javafx.geometry.Rectangle2D size = ScreenFit.size(WIDTH, HEIGHT, owner);
            Scene scene = new Scene(new ZoomPane(view), size.getWidth(), size.getHeight());
            Bindings.bindContent(scene.getStylesheets(), themed.getStylesheets());
            stage.setScene(scene);
            stage.setMinWidth(800);
            stage.setMinHeight(480);
            scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+W"), stage::close);
            stage.setOnHidden(e -> {
                if (current != null) {
                    current.close();
                }
            });
        } else {
            ((ZoomPane) stage.getScene().getRoot()).setContent(view);
        }
        stage.setTitle("Prune playground — " + (model.file().getFileName() == null ? model.file() : model.file().getFileName()));
        stage.show();
        stage.toFront();
    }

    /** What the window shows now, null before it first opens. */
    public PlaygroundViewModel model() {
        return current;
    }

    /** The window, once it has been opened; for tests and screenshots. */
    public Stage stage() {
        return stage;
    }
}
