package dev.tracedeck.desktop.common;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.transform.Transform;

/** A view as a PNG, at a scale: 2× for slides and high-density screens, 3× for print. */
public final class ViewPicture {

    public static final double[] SCALES = {1, 2, 3};

    private ViewPicture() {
    }

    /** A drawn view's pixels, ARGB, row by row. */
    public record Pixels(int width, int height, int[] argb) {

        /** Encodes and writes the PNG; may run off the FX thread (a 3× picture takes a while to compress). */
        public void write(Path file) throws IOException {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                PngEncoder.write(width, height, argb, out);
            }
        }
    }

    /** Draws {@code node} as it is on screen, {@code scale} times larger. On the FX thread. */
    public static Pixels capture(Node node, double scale) {
        if (!(scale > 0 && scale <= 4)) {
            throw new IllegalArgumentException("scale " + scale + " (1 to 4)");
        }
        SnapshotParameters parameters = new SnapshotParameters();
        parameters.setTransform(Transform.scale(scale, scale));
        parameters.setFill(Color.TRANSPARENT);
        WritableImage image = node.snapshot(parameters, null);
        int width = (int) image.getWidth();
        int height = (int) image.getHeight();
        int[] pixels = new int[width * height];
        image.getPixelReader().getPixels(0, 0, width, height, PixelFormat.getIntArgbInstance(), pixels, 0, width);
        return new Pixels(width, height, pixels);
    }

    /** Draws {@code node} and writes it to {@code file}, all on the calling (FX) thread. */
    public static void write(Node node, double scale, Path file) throws IOException {
        capture(node, scale).write(file);
    }
}
