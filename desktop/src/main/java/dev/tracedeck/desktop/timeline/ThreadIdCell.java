package dev.tracedeck.desktop.timeline;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.ThreadLabels;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;

/** A thread's short label, with the full id as the tooltip so it can be read (and told apart) whole. */
final class ThreadIdCell extends TableCell<Event, String> {

    private final Tooltip tooltip = new Tooltip();

    @Override
    protected void updateItem(String label, boolean empty) {
        super.updateItem(label, empty);
        Event row = getTableRow() == null ? null : getTableRow().getItem();
        if (empty || label == null || row == null) {
            setText(null);
            setTooltip(null);
            return;
        }
        setText(label);
        tooltip.setText(ThreadLabels.full(row.threadId()));
        setTooltip(tooltip);
    }
}
