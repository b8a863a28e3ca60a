package dev.tracedeck.desktop.memory;

import dev.tracedeck.analysis.memory.MemoryOp;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Background;
import javafx.scene.image.Image;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.transform.Transform;

/**
 * How the lanes draw a mark, as the style sheet says (memory.css and the theme's tokens): each kind's shape and
 * colour, a failed call's outline, how much larger the selected and the hovered mark are, the lane's line. A canvas
 * takes no CSS, so the lanes hold an empty region per look, hidden, styled as a mark would be, and stamp a picture of
 * it where each mark goes; a change of theme restyles the regions, the pictures are made again and {@code restyled}
 * runs.
 */
final class MarkStyle {

    static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");
    private static final PseudoClass HOVER = PseudoClass.getPseudoClass("hover");
    private final Map<MemoryOp, Region> plain = new EnumMap<>(MemoryOp.class);
    private final Map<MemoryOp, Region> failed = new EnumMap<>(MemoryOp.class);
    private final Region selected = mark(MemoryOp.WRITE);
    private final Region hovered = mark(MemoryOp.WRITE);
    private final Region line = new Region();
    private final Pane looks = new Pane();
    /** A picture of each look, dropped when the theme restyles them. */
    private final Map<Region, Image> stamps = new HashMap<>();
    private double stampScale = 1;

    MarkStyle(Runnable restyled) {
        selected.pseudoClassStateChanged(LaneChart.SELECTED, true);
        hovered.pseudoClassStateChanged(HOVER, true);
        line.getStyleClass().add("memory-track-line");
        for (MemoryOp op : MemoryOp.values()) {
            plain.put(op, mark(op));
            Region refused = mark(op);
            refused.pseudoClassStateChanged(FAILED, true);
            failed.put(op, refused);
        }
        looks.getChildren().addAll(plain.values());
        looks.getChildren().addAll(failed.values());
        looks.getChildren().addAll(selected, hovered, line);
        Runnable changed = () -> {
            stamps.clear();
            restyled.run();
        };
        for (Node n : looks.getChildren()) {
            Region r = (Region) n;
            r.backgroundProperty().addListener((obs, old, now) -> changed.run());
            r.borderProperty().addListener((obs, old, now) -> changed.run());
            r.shapeProperty().addListener((obs, old, now) -> changed.run());
            r.prefWidthProperty().addListener((obs, old, now) -> changed.run());
            r.scaleXProperty().addListener((obs, old, now) -> changed.run());
        }
        looks.setManaged(false);
        // Not invisible: an invisible node's state is not passed on to be drawn, and its pictures would come out empty.
        looks.setOpacity(0);
        looks.setMouseTransparent(true);
        looks.getStyleClass().add("memory-mark-looks");
    }

    private static Region mark(MemoryOp op) {
        Region r = new Region();
        r.getStyleClass().addAll("memory-mark", "mark-" + op.label());
        return r;
    }

    /** The hidden regions the style sheet styles: to be put in the scene with the lanes. */
    Node looks() {
        return looks;
    }

    /** A mark's size across, unscaled. */
    double size() {
        double size = plain.get(MemoryOp.WRITE).getPrefWidth();
        return size > 0 ? size : 12;
    }

    /** The pointer over a mark. */
    Cursor cursor() {
        return plain.get(MemoryOp.WRITE).getCursor();
    }

    double selectedScale() {
        return selected.getScaleX();
    }

    double hoveredScale() {
        return hovered.getScaleX();
    }

    Paint lineColor() {
        return fill(line.getBackground(), Color.GRAY);
    }

    /**
     * Draws the mark of {@code op} centred on ({@code x}, {@code y}), {@code grow} times its size: a picture of the
     * region styled as that mark, made once per look and theme at the screen's scale {@code pixels}.
     */
    void draw(GraphicsContext g, MemoryOp op, boolean refused, double x, double y, double grow, double pixels) {
        if (pixels != stampScale) {
            stamps.clear();
            stampScale = pixels;
        }
        Region look = (refused ? failed : plain).get(op);
        Image stamp = stamps.get(look);
        if (stamp == null) {
            // Not computeIfAbsent: styling the region for its picture can restyle it, which empties the map.
            stamp = stamp(look, pixels);
            stamps.put(look, stamp);
        }
        double w = stamp.getWidth() / pixels * grow;
        double h = stamp.getHeight() / pixels * grow;
        g.drawImage(stamp, x - w / 2, y - h / 2, w, h);
    }

    private static Image stamp(Region look, double pixels) {
        double size = look.prefWidth(-1);
        look.resize(size, look.prefHeight(size));
        SnapshotParameters how = new SnapshotParameters();
        how.setFill(Color.TRANSPARENT);
        how.setTransform(Transform.scale(pixels, pixels));
        // The region itself is drawn, not its hidden parent: a snapshot leaves out its parent's opacity.
        return look.snapshot(how, null);
    }

    private static Paint fill(Background background, Paint otherwise) {
        if (background == null || background.getFills().isEmpty()) {
            return otherwise;
        }
        return background.getFills().get(0).getFill();
    }
}
