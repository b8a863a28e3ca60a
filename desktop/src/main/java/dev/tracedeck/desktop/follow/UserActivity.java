package dev.tracedeck.desktop.follow;

import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.stage.PopupWindow;
import javafx.stage.Window;

/**
 * Whether the user is in the middle of something that a followed file's new reading, shown now, would break off: a
 * mouse button held (a drag, a divider moved, a row being clicked), a menu or other popup open, text typed in a field
 * that is not the timeline's search (a note). The search box is carried over to the new reading, caret and all.
 */
public final class UserActivity implements BooleanSupplier {

    private final Scene scene;
    private boolean pressed;

    private UserActivity(Scene scene) {
        this.scene = scene;
    }

    /** Watches {@code scene}'s mouse buttons from now on. */
    public static UserActivity of(Scene scene) {
        UserActivity activity = new UserActivity(scene);
        scene.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> activity.pressed = true);
        scene.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> activity.pressed = e.isPrimaryButtonDown()
                || e.isSecondaryButtonDown() || e.isMiddleButtonDown());
        return activity;
    }

    @Override
    public boolean getAsBoolean() {
        if (pressed) {
            return true;
        }
        for (Window window : Window.getWindows()) {
            if (window instanceof PopupWindow && !(window instanceof Tooltip) && window.isShowing()) {
                return true;
            }
        }
        Node focused = scene.getFocusOwner();
        return focused instanceof TextInputControl && !"timeline-search".equals(focused.getId());
    }
}
