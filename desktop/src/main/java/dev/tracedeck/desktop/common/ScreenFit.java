package dev.tracedeck.desktop.common;

import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Window;

/**
 * The size a window beside the main one opens at: the size it wants, no bigger than the screen its owner is on
 * (less a margin for the title bar and the desktop's panels), so that on a 1280×720 screen it has its title bar and
 * its bottom edge on the screen.
 */
public final class ScreenFit {

    /** The share of the screen's usable height and width a window may take, title bar included. */
    static final double SHARE = 0.9;

    private ScreenFit() {
    }

    /** {@code width} × {@code height}, shrunk to fit the usable part of {@code owner}'s screen. */
    public static Rectangle2D size(double width, double height, Window owner) {
        return size(width, height, screenOf(owner));
    }

    /** {@code width} × {@code height}, shrunk to fit {@code screen}; the result's origin is 0, 0. */
    public static Rectangle2D size(double width, double height, Rectangle2D screen) {
        return new Rectangle2D(0, 0, Math.min(width, Math.floor(screen.getWidth() * SHARE)),
                Math.min(height, Math.floor(screen.getHeight() * SHARE)));
    }

    private static Rectangle2D screenOf(Window owner) {
        if (owner == null || Double.isNaN(owner.getX())) {
            return Screen.getPrimary().getVisualBounds();
        }
        return Screen.getScreensForRectangle(owner.getX(), owner.getY(), Math.max(1, owner.getWidth()), Math.max(1, owner.getHeight()))
                .stream().findFirst().orElse(Screen.getPrimary()).getVisualBounds();
    }
}
