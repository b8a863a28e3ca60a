package dev.tracedeck.desktop.memory;

import dev.tracedeck.analysis.memory.MemoryOp;
import java.util.EnumMap;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Background;
import javafx.scene.layout.Border;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.shape.SVGPath;
import javafx.scene.shape.Shape;

/**
 * How the lanes draw a mark, as the style sheet says (memory.css and the theme's tokens): each kind's shape and
 * colour, a failed call's outline, how much larger the selected and the hovered mark are, the lane's line. A canvas takes no CSS, so the lanes hold an empty, hidden region per look, styled as a mark would
 * be, and draw what the style sheet gave it; a change of theme restyles the regions and {@code restyled} runs.
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
        for (Node n : looks.getChildren()) {
            Region r = (Region) n;
            r.backgroundProperty().addListener((obs, old, now) -> restyled.run());
            r.borderProperty().addListener((obs, old, now) -> restyled.run());
            r.shapeProperty().addListener((obs, old, now) -> restyled.run());
            r.scaleXProperty().addListener((obs, old, now) -> restyled.run());
        }
        looks.setManaged(false);
        looks.setVisible(false);
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
     * Draws the mark of {@code op} centred on ({@code x}, {@code y}), {@code size} across: the region's shape scaled to
     * the size, as a region scales its shape, filled with its background and outlined with its border.
     */
    void draw(GraphicsContext g, MemoryOp op, boolean refused, double x, double y, double size) {
        Region look = (refused ? failed : plain).get(op);
        Paint fill = fill(look.getBackground(), null);
        Border border = look.getBorder();
        Paint stroke = null;
        double width = 0;
        if (border != null && !border.getStrokes().isEmpty()) {
            stroke = border.getStrokes().get(0).getTopStroke();
            width = border.getStrokes().get(0).getWidths().getTop();
        }
        boolean fills = fill != null && !Color.TRANSPARENT.equals(fill);
        boolean strokes = stroke != null && !Color.TRANSPARENT.equals(stroke) && width > 0;
        if (!fills && !strokes) {
            return;
        }
        // A region's border lies inside its shape: the outline's path is brought in by half the line's width.
        double inset = strokes ? width / 2 : 0;
        outline(g, look.getShape(), x - size / 2 + inset, y - size / 2 + inset, size - 2 * inset);
        if (fills) {
            g.setFill(fill);
            g.fill();
        }
        if (strokes) {
            g.setStroke(stroke);
            g.setLineWidth(width);
            g.stroke();
        }
    }

    /** The shape's path in the box at ({@code left}, {@code top}), {@code size} square; a disc when there is none. */
    private static void outline(GraphicsContext g, Shape shape, double left, double top, double size) {
        g.beginPath();
        if (!(shape instanceof SVGPath path)) {
            g.arc(left + size / 2, top + size / 2, size / 2, size / 2, 0, 360);
            g.closePath();
            return;
        }
        Bounds b = path.getLayoutBounds();
        // The transform applies as the path is made; the fill and the line's width are then drawn unscaled.
        g.save();
        g.translate(left, top);
        g.scale(size / Math.max(b.getWidth(), 1e-6), size / Math.max(b.getHeight(), 1e-6));
        g.translate(-b.getMinX(), -b.getMinY());
        g.appendSVGPath(path.getContent());
        g.restore();
    }

    private static Paint fill(Background background, Paint otherwise) {
        if (background == null || background.getFills().isEmpty()) {
            return otherwise;
        }
        return background.getFills().get(0).getFill();
    }
}
