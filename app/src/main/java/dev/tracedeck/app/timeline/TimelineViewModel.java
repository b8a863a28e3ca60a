package dev.tracedeck.app.timeline;

import dev.tracedeck.app.common.Numbers;
import dev.tracedeck.app.findings.EvidenceIndex;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;

/**
 * The timeline of one trace: every event once in a backing list, a filtered view whose predicate is replaced
 * when the thread, kinds, search or "only flagged" change, and a sorted view the table binds its comparator
 * to. Rows are the model's immutable events.
 */
public final class TimelineViewModel {

    private final ObservableList<Event> events = FXCollections.observableArrayList();
    private final FilteredList<Event> filtered = new FilteredList<>(events);
    private final SortedList<Event> sorted = new SortedList<>(filtered);
    private final ReadOnlyObjectWrapper<EventFilter> filter = new ReadOnlyObjectWrapper<>(EventFilter.ALL);
    private final ReadOnlyIntegerWrapper shownCount = new ReadOnlyIntegerWrapper();
    private final ReadOnlyObjectWrapper<Event> selectedEvent = new ReadOnlyObjectWrapper<>();

    public TimelineViewModel(List<Event> trace) {
        events.setAll(trace);
        filtered.setPredicate(filter.get());
        shownCount.set(filtered.size());
        filter.addListener((obs, old, now) -> refilter(now));
    }

    /** The rows to show, in the table's sort order once the view binds {@link SortedList#comparatorProperty()}. */
    public SortedList<Event> rows() {
        return sorted;
    }

    public int totalCount() {
        return events.size();
    }

    public ReadOnlyIntegerProperty shownCountProperty() {
        return shownCount.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<EventFilter> filterProperty() {
        return filter.getReadOnlyProperty();
    }

    /** The event the user is looking at, or null. */
    public ReadOnlyObjectProperty<Event> selectedEventProperty() {
        return selectedEvent.getReadOnlyProperty();
    }

    public Event getSelectedEvent() {
        return selectedEvent.get();
    }

    public void select(Event event) {
        selectedEvent.set(event);
    }

    public void showThread(Optional<String> threadId) {
        filter.set(filter.get().withThread(threadId));
    }

    public void search(String text) {
        filter.set(filter.get().withSearch(text));
    }

    public void showKind(EventKind kind, boolean shown) {
        Set<EventKind> kinds = filter.get().kinds().isEmpty() ? EnumSet.noneOf(EventKind.class) : EnumSet.copyOf(filter.get().kinds());
        if (shown) {
            kinds.add(kind);
        } else {
            kinds.remove(kind);
        }
        filter.set(filter.get().withKinds(kinds));
    }

    public void showAllKinds() {
        filter.set(filter.get().withKinds(EnumSet.allOf(EventKind.class)));
    }

    /** Narrows to events that are evidence of a finding, composing with thread, kinds and search. */
    public void showOnlyFlagged(boolean only) {
        filter.set(filter.get().withOnlyFlagged(only));
    }

    public boolean isOnlyFlagged() {
        return filter.get().onlyFlagged();
    }

    /** The trace's evidence index, once its checks are done; marks rows and feeds "only flagged". */
    public void setEvidence(EvidenceIndex index) {
        filter.set(filter.get().withEvidence(index));
    }

    public EvidenceIndex evidence() {
        return filter.get().evidence();
    }

    /**
     * Selects {@code event} so that it lands on screen: when the filter hides it, the filter is relaxed just
     * enough to show it (its kind shown again, a search it fails cleared) rather than the selection being lost.
     */
    public void reveal(Event event) {
        if (!filter.get().test(event)) {
            filter.set(filter.get().relaxedFor(event));
        }
        select(event);
    }

    /** "42 of 1,337 events", or "1,337 events" when nothing is filtered out. */
    public String countText() {
        int shown = shownCount.get();
        int total = events.size();
        return shown == total ? Numbers.count(total, "event", "events") : Numbers.count(shown) + " of " + Numbers.count(total, "event", "events");
    }

    private void refilter(EventFilter now) {
        filtered.setPredicate(now);
        shownCount.set(filtered.size());
        // A selection the filter hides is no longer on screen, so the detail pane should not claim it is.
        Event selected = selectedEvent.get();
        if (selected != null && !now.test(selected)) {
            selectedEvent.set(null);
        }
    }
}
