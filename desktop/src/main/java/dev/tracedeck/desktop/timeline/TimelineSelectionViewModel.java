package dev.tracedeck.desktop.timeline;

import dev.tracedeck.engine.search.EventFilter;
import dev.tracedeck.model.event.Event;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The row the user is looking at. Selecting or revealing an LLM call's answer selects its request's row, and a
 * revealed event the filter hides relaxes the filter just enough to show it, so no event is ever out of reach.
 */
public final class TimelineSelectionViewModel {

    private final TimelineTableViewModel table;
    private final TimelineFilterViewModel filter;
    private final ReadOnlyObjectWrapper<Event> selectedEvent = new ReadOnlyObjectWrapper<>();

    TimelineSelectionViewModel(TimelineTableViewModel table, TimelineFilterViewModel filter) {
        this.table = table;
        this.filter = filter;
    }

    /** The event the user is looking at, or null. */
    public ReadOnlyObjectProperty<Event> selectedEventProperty() {
        return selectedEvent.getReadOnlyProperty();
    }

    public Event getSelectedEvent() {
        return selectedEvent.get();
    }

    /** Selects the row that shows {@code event}: an LLM call's answer selects its request's row. */
    public void select(Event event) {
        selectedEvent.set(event == null ? null : table.rowOf(event));
    }

    /** The selected row's events, for the detail pane; empty when nothing is selected. */
    public List<Event> selectedStep() {
        return table.step(selectedEvent.get());
    }

    /** Whether the filter lets {@code row} through: a selected row a search hides is selected still, not shown. */
    public boolean isShown(Event row) {
        return table.shows(filter.get(), row);
    }

    /**
     * Selects {@code event} so that it lands on screen: when the filter hides it, the filter is relaxed just
     * enough to show it (its kind shown again, a search it fails cleared) rather than the selection being lost.
     */
    public void reveal(Event event) {
        if (!table.shows(filter.get(), table.rowOf(event))) {
            filter.set(filter.get().relaxedFor(event));
        }
        select(event);
    }

    /**
     * After the rows {@code now} passes are shown: a selection another thread, kind or "only flagged" hides is left
     * behind, and the detail pane says so. One that only a search hides stays selected, its detail on show: searching
     * (Ctrl+F, a word or two) must not lose what the user was reading, and clearing the search brings its row back.
     */
    void shown(EventFilter now) {
        Event selected = selectedEvent.get();
        if (selected != null && !table.shows(now, selected) && !table.shows(now.withSearch(""), selected)) {
            selectedEvent.set(null);
        }
    }
}
