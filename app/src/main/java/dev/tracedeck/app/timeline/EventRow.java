package dev.tracedeck.app.timeline;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import javafx.css.PseudoClass;
import javafx.scene.control.TableRow;

/** A timeline row; {@code :problem} marks errors and malformed records so they stand out while scrolling. */
final class EventRow extends TableRow<Event> {

    static final PseudoClass PROBLEM = PseudoClass.getPseudoClass("problem");

    @Override
    protected void updateItem(Event event, boolean empty) {
        super.updateItem(event, empty);
        EventKind kind = empty || event == null ? null : event.kind();
        pseudoClassStateChanged(PROBLEM, kind == EventKind.ERROR || kind == EventKind.MALFORMED);
    }
}
