package dev.tracedeck.desktop.memory;

import java.util.List;
import java.util.function.Consumer;
import javafx.scene.AccessibleRole;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;

/**
 * One lane's marks along the run's axis, drawn on a canvas of the lane's size: every mark in order, the latest on top,
 * the hovered one larger, last; the selected mark is a region of its own above them, larger still with its glow. Drawn
 * again when its size, its lane, the selection, the hovered mark or the theme changes. A click picks the mark drawn on top under the pointer; its
 * tooltip, one for the lane, is made the first time the pointer comes over a mark. The selected mark is told in the
 * lane's accessible text, for a screen reader.
 */
final class LaneTrack extends Region {

    private static final double PAD = 10;
    private final Canvas canvas = new Canvas();
    /** The selected mark, a region of its own over the canvas: styled, glow and all, by the style sheet. */
    private final Region chosen = new Region();
    private final MarkStyle style;
    private MemoryLanes.Lane lane;
    private MemoryLanes.Mark selected;
    private MemoryLanes.Mark hovered;
    private Tooltip tip;
    private boolean stale = true;

    /**
     * @param choose called with a mark clicked
     * @param open   called with a mark double-clicked
     */
    LaneTrack(MarkStyle style, Consumer<MemoryLanes.Mark> choose, Consumer<MemoryLanes.Mark> open) {
        this.style = style;
        getStyleClass().add("memory-track");
        setMinWidth(80);
        setAccessibleRole(AccessibleRole.TEXT);
        setAccessibleRoleDescription("memory lane");
        chosen.setManaged(false);
        chosen.setVisible(false);
        getChildren().addAll(canvas, chosen);
        // The lane's row would take a press as a choice of row; only a mark is chosen, on the click.
        addEventHandler(MouseEvent.MOUSE_PRESSED, MouseEvent::consume);
        addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            MemoryLanes.Mark mark = markAt(e.getX());
            if (mark != null) {
                choose.accept(mark);
                if (e.getClickCount() == 2) {
                    open.accept(mark);
                }
            }
            e.consume();
        });
        addEventHandler(MouseEvent.MOUSE_MOVED, e -> hover(markAt(e.getX())));
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> hover(null));
    }

    /** Shows {@code shown}'s marks (null: none), {@code mark} selected when it is one of them. */
    void show(MemoryLanes.Lane shown, MemoryLanes.Mark mark) {
        MemoryLanes.Mark mine = shown != null && mark != null && mark.lane() == shown.index() ? mark : null;
        if (shown == lane && mine == selected) {
            return;
        }
        if (shown != lane) {
            hover(null);
        }
        lane = shown;
        selected = mine;
        chosen.setVisible(mine != null);
        if (mine != null) {
            chosen.getStyleClass().setAll("memory-mark", "mark-" + mine.op().op().label());
            chosen.pseudoClassStateChanged(LaneChart.SELECTED, true);
            chosen.pseudoClassStateChanged(MarkStyle.FAILED, mine.op().failed());
            chosen.setAccessibleText(describe(mine));
        }
        setAccessibleText(shown == null ? null : shown.label() + ", " + shown.marks().size()
                + (shown.marks().size() == 1 ? " operation" : " operations")
                + (mine == null ? "" : "; selected: " + describe(mine)));
        redraw();
    }

    /** Draws again at the next layout: the theme changed the marks' looks. */
    void redraw() {
        stale = true;
        requestLayout();
    }

    /** The mark selected on this lane, or null. */
    MemoryLanes.Mark selected() {
        return selected;
    }

    /** Where mark {@code mark} of this lane is centred across the track, at its present width. */
    double xOf(MemoryLanes.Mark mark) {
        return Math.round(PAD + mark.at() * (getWidth() - 2 * PAD));
    }

    /** What a mark's tooltip says: "append (failed) · core_memory_append · line 444". */
    static String describe(MemoryLanes.Mark mark) {
        return mark.op().op().label() + (mark.op().failed() ? " (failed)" : "") + " · " + mark.op().tool()
                + " · line " + mark.op().event().firstLine();
    }

    /** The tooltip, once the pointer has been over a mark; else null. */
    Tooltip tooltip() {
        return tip;
    }

    /** The mark drawn on top at {@code x}: the selected one, else the latest whose shape spans it; null if none. */
    MemoryLanes.Mark markAt(double x) {
        if (lane == null) {
            return null;
        }
        double reach = style.size() / 2;
        if (selected != null && Math.abs(xOf(selected) - x) <= reach * style.selectedScale()) {
            return selected;
        }
        List<MemoryLanes.Mark> marks = lane.marks();
        for (int i = marks.size() - 1; i >= 0; i--) {
            if (Math.abs(xOf(marks.get(i)) - x) <= reach) {
                return marks.get(i);
            }
        }
        return null;
    }

    private void hover(MemoryLanes.Mark mark) {
        if (mark == hovered) {
            return;
        }
        hovered = mark;
        setCursor(mark == null ? null : style.cursor());
        if (mark == null) {
            if (tip != null) {
                Tooltip.uninstall(this, tip);
            }
        } else {
            // One tooltip for the lane, made when first wanted: thousands of marks need none of their own.
            if (tip == null) {
                tip = new Tooltip();
            }
            tip.setText(describe(mark));
            Tooltip.install(this, tip);
        }
        redraw();
    }

    @Override
    protected void layoutChildren() {
        double w = Math.floor(getWidth());
        double h = Math.floor(getHeight());
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            stale = true;
        }
        if (stale) {
            stale = false;
            draw(canvas.getGraphicsContext2D(), w, h);
        }
        if (selected != null) {
            double size = chosen.prefWidth(-1);
            chosen.resizeRelocate(xOf(selected) - size / 2, Math.round((h - size) / 2), size, size);
        }
    }

    private void draw(GraphicsContext g, double w, double h) {
        g.clearRect(0, 0, w, h);
        if (lane == null || w <= 2 * PAD) {
            return;
        }
        double y = Math.round(h / 2);
        g.setFill(style.lineColor());
        g.fillRect(PAD, y, w - 2 * PAD, 1);
        double middle = y + 0.5;
        double pixels = getScene() != null && getScene().getWindow() != null ? getScene().getWindow().getRenderScaleX() : 1;
        List<MemoryLanes.Mark> marks = lane.marks();
        for (int i = 0; i < marks.size(); i++) {
            MemoryLanes.Mark m = marks.get(i);
            double x = xOf(m);
            // A mark the next one covers whole (same place, same look) is not drawn: thousands share a few hundred pixels.
            if (m == hovered || i + 1 < marks.size() && sameLook(m, marks.get(i + 1)) && xOf(marks.get(i + 1)) == x) {
                continue;
            }
            style.draw(g, m.op().op(), m.op().failed(), x, middle, 1, pixels);
        }
        if (hovered != null) {
            style.draw(g, hovered.op().op(), hovered.op().failed(), xOf(hovered), middle, style.hoveredScale(), pixels);
        }
    }

    private static boolean sameLook(MemoryLanes.Mark a, MemoryLanes.Mark b) {
        return a.op().op() == b.op().op() && a.op().failed() == b.op().failed();
    }
}
