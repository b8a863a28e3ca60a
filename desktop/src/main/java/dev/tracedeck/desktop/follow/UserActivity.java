package dev.tracedeck.desktop.follow;

import java.util.function.BooleanSupplier;
import javafx.scene.Scene;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.stage.PopupWindow;
import javafx.stage.Window;

/**
 * Whether the user is in the middle of something that a followed file's new rows, coming in now, would upset: a mouse
 * button held (a scroll bar's thumb dragged, a row being clicked, a divider moved) or a menu or other popup open on
 * what is shown. Typing is not: the new rows come in around what the user types in, a search or a note.
 */
public final class UserActivity implements BooleanSupplier {

    private boolean pressed;

    private UserActivity() {
    }

    /** Watches {@code scene}'s mouse buttons from now on. */
    public static UserActivity of(Scene scene) {
        UserActivity activity = new UserActivity();
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
        return false;
    }
}
