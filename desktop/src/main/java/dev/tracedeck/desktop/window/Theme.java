package dev.tracedeck.desktop.window;

import dev.tracedeck.desktop.common.ZoomPane;
import java.util.List;
import javafx.scene.Scene;

/**
 * The colour tokens, swapped at run time. Each theme is one sheet of semantic variables; every component
 * sheet uses only those variables, so a theme is a palette and nothing else.
 */
enum Theme {
    DARK("tokens-dark.css"),
    LIGHT("tokens-light.css");

    private static final String BASE = "/dev/tracedeck/desktop/";

    private final String sheet;

    Theme(String sheet) {
        this.sheet = sheet;
    }

    /** Sets this theme's tokens first, then the app-wide component sheet. */
    void applyTo(Scene scene) {
        applyTo(scene, false);
    }

    /** With {@code presentation}, large type and muted text made strong, over either palette. */
    void applyTo(Scene scene, boolean presentation) {
        scene.getStylesheets().setAll(presentation ? List.of(url(sheet), url("app.css"), url(ZoomPane.PRESENTATION_SHEET))
                : List.of(url(sheet), url("app.css")));
    }

    private static String url(String name) {
        return Theme.class.getResource(BASE + name).toExternalForm();
    }
}
