package dev.tracedeck.desktop.common;

import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.scene.layout.Region;
import javafx.scene.transform.Scale;

/**
 * A window's root that draws its content larger in presentation mode: the content is laid out at the window's size
 * divided by the zoom, then scaled up, so every pane, text, row, header and column grows alike, and what fits a
 * window that much smaller fits here (the style sheets, which size text in pixels, are not touched). Presentation
 * mode is on while the scene's style sheets include {@value #PRESENTATION_SHEET}; the windows beside the main one
 * share its sheets, so they follow it.
 */
public final class ZoomPane extends Region {

    /** How much larger presentation mode draws: 12 px text at 15.6 px, for a projector. */
    public static final double PRESENTATION_ZOOM = 1.3;
    /** The style sheet that turns presentation mode on (its tokens make the muted text strong). */
    public static final String PRESENTATION_SHEET = "presentation.css";

    private final Scale scale = new Scale(1, 1, 0, 0);
    private Region content;
    private double zoom = 1;
    private Scene followed;

    public ZoomPane(Region content) {
        setContent(content);
        // The scene's sheets say whether to zoom; a window keeps its scene, and its root, for its life.
        sceneProperty().addListener((obs, old, now) -> follow(now));
    }

    /** Shows {@code next} instead (the playground, opened again on another thread), at the same zoom. */
    public void setContent(Region next) {
        if (content != null) {
            content.getTransforms().remove(scale);
        }
        content = next;
        content.getTransforms().add(scale);
        getChildren().setAll(content);
    }

    public Region getContent() {
        return content;
    }

    public double getZoom() {
        return zoom;
    }

    private void follow(Scene scene) {
        if (scene == null || scene == followed) {
            return;
        }
        followed = scene;
        scene.getStylesheets().addListener((ListChangeListener<String>) change -> zoomFor(scene));
        zoomFor(scene);
    }

    private void zoomFor(Scene scene) {
        boolean presenting = scene.getStylesheets().stream().anyMatch(sheet -> sheet.endsWith("/" + PRESENTATION_SHEET));
        double next = presenting ? PRESENTATION_ZOOM : 1;
        if (next != zoom) {
            zoom = next;
            scale.setX(zoom);
            scale.setY(zoom);
            requestLayout();
        }
    }

    @Override
    protected void layoutChildren() {
        content.resizeRelocate(0, 0, getWidth() / zoom, getHeight() / zoom);
    }

    @Override
    protected double computeMinWidth(double height) {
        return content.minWidth(height < 0 ? height : height / zoom) * zoom;
    }

    @Override
    protected double computeMinHeight(double width) {
        return content.minHeight(width < 0 ? width : width / zoom) * zoom;
    }

    @Override
    protected double computePrefWidth(double height) {
        return content.prefWidth(height < 0 ? height : height / zoom) * zoom;
    }

    @Override
    protected double computePrefHeight(double width) {
        return content.prefHeight(width < 0 ? width : width / zoom) * zoom;
    }
}
