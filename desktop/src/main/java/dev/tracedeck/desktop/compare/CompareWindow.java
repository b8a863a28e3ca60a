package dev.tracedeck.desktop.compare;

import dev.tracedeck.analysis.compare.TraceComparison;
import dev.tracedeck.desktop.common.ScreenFit;
import dev.tracedeck.desktop.common.ZoomPane;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * A comparison in a window of its own, for demos, which Escape or Ctrl+W closes: what File ▸ Compare… opens, and what
 * the aligned runs open for two runs chosen there.
 */
public final class CompareWindow {

    /** The size the comparison asks for; a smaller screen gets less (see {@link ScreenFit}). */
    private static final double WIDTH = 1200;
    private static final double HEIGHT = 720;

    private CompareWindow() {
    }

    /** A window (not shown yet) over {@code owner}, with its styles, titled {@code before ↔ after}. */
    public static Stage of(Window owner, String before, String after, TraceComparison comparison) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(before + " ↔ " + after + " — Tracedeck compare");
        Rectangle2D size = ScreenFit.size(WIDTH, HEIGHT, owner);
        Scene scene = new Scene(new ZoomPane(new CompareView(comparison)), size.getWidth(), size.getHeight());
        if (owner.getScene() != null) {
            scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+W"), stage::close);
        // A filter, not an accelerator: the lists and the table inside would take Escape for themselves.
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                e.consume();
                stage.close();
            }
        });
        stage.setScene(scene);
        return stage;
    }
}
