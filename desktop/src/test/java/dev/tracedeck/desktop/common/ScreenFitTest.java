package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

/** A window beside the main one keeps its title bar and bottom edge on a 1280×720 screen. */
class ScreenFitTest {

    @Test
    void aWindowTallerThanTheScreenIsShrunkToIt() {
        Rectangle2D fitted = ScreenFit.size(1200, 720, new Rectangle2D(0, 0, 1280, 720));
        assertEquals(1152, fitted.getWidth(), "90 % of 1280");
        assertEquals(648, fitted.getHeight(), "90 % of 720, the rest for the title bar and panels");
    }

    @Test
    void onABigScreenTheWindowHasTheSizeItAsksFor() {
        Rectangle2D fitted = ScreenFit.size(1200, 720, new Rectangle2D(0, 0, 1920, 1040));
        assertEquals(1200, fitted.getWidth());
        assertEquals(720, fitted.getHeight());
    }
}
