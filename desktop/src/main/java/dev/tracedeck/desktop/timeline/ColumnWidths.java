package dev.tracedeck.desktop.timeline;

import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Widths for the timeline's fixed columns, measured in the table's cell font so a value that must never be cut
 * (an event number, a thread label) fits whatever the platform's monospace font is.
 */
final class ColumnWidths {

    /** The cell font of timeline.css ({@code .timeline-table .table-cell}). */
    private static final Font CELL_FONT = Font.font("monospace", 11.5);
    /** The cell's left and right padding in timeline.css and two pixels to spare. */
    private static final double EXTRA = 6 + 6 + 2;
    /** A thread label past this is cut with an ellipsis; its tooltip has the whole id. */
    static final double MAX_THREAD = 160;

    private ColumnWidths() {
    }

    /** The width that shows {@code widest} whole in a timeline cell. */
    static double fit(String widest) {
        Text text = new Text(widest);
        text.setFont(CELL_FONT);
        return Math.ceil(text.getLayoutBounds().getWidth() + EXTRA);
    }
}
