package dev.tracedeck.desktop.timeline;

import dev.tracedeck.desktop.annotations.EventAnnotations;
import dev.tracedeck.model.event.Event;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;

/** An event's number, followed by ★ when it is bookmarked and ✎ when it has notes, so they can be spotted while scrolling. */
final class SeqCell extends TableCell<Event, Integer> {

    private final Label mark = new Label();
    private final EventAnnotations annotations;

    SeqCell(EventAnnotations annotations) {
        this.annotations = annotations;
        mark.getStyleClass().add("seq-annotation");
        setContentDisplay(ContentDisplay.RIGHT);
        setGraphicTextGap(2);
    }

    @Override
    protected void updateItem(Integer seq, boolean empty) {
        super.updateItem(seq, empty);
        Event row = getTableRow() == null ? null : getTableRow().getItem();
        if (empty || seq == null || row == null) {
            setText(null);
            setGraphic(null);
            return;
        }
        setText(Integer.toString(seq));
        String glyph = (annotations.bookmarkOf(row).isPresent() ? "★" : "") + (annotations.notesOf(row).isEmpty() ? "" : "✎");
        mark.setText(glyph);
        setGraphic(glyph.isEmpty() ? null : mark);
    }
}
