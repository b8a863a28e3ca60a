package dev.tracedeck.app.timeline;

import dev.tracedeck.app.common.Numbers;
import dev.tracedeck.app.findings.EvidenceIndex;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.rules.Finding;
import dev.tracedeck.model.steps.LlmRounds;
import dev.tracedeck.model.trace.ThreadLabels;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;

/**
 * The timeline of one trace: every step once in a backing list, a filtered view whose predicate is replaced
 * when the thread, kinds, search or "only flagged" change, and a sorted view the table binds its comparator
 * to. Rows are the model's immutable events: an LLM call's answer is shown in its request's row (one step,
 * see {@link LlmRounds}) and is not a row of its own, every other event is its own row. Selecting or revealing
 * an answer selects its request's row, and a row passes the filter when either of its events does, so no
 * event is ever out of reach.
 */
public final class TimelineViewModel {

    private final ObservableList<Event> events = FXCollections.observableArrayList();
    private final FilteredList<Event> filtered = new FilteredList<>(events);
    private final SortedList<Event> sorted = new SortedList<>(filtered);
    private final ReadOnlyObjectWrapper<EventFilter> filter = new ReadOnlyObjectWrapper<>(EventFilter.ALL);
    private final ReadOnlyIntegerWrapper shownCount = new ReadOnlyIntegerWrapper();
    private final ReadOnlyObjectWrapper<Event> selectedEvent = new ReadOnlyObjectWrapper<>();
    private final LlmRounds rounds;
    private final ThreadLabels threadLabels;
    private final int eventCount;
    private final int lastSeq;
    private final String widestTime;

    /** How many events, spread over the trace, the Time column is sized from: a trace writes its times one way. */
    private static final int TIME_SAMPLE = 10_000;

    /** For a trace's events alone: pairs its LLM calls and labels its threads here, on the calling thread. */
    public TimelineViewModel(List<Event> trace) {
        this(trace, LlmRounds.of(trace), ThreadLabels.of(trace.stream().map(Event::threadId).distinct().toList()));
    }

    /**
     * @param trace        a trace's events in seq order
     * @param rounds       its LLM calls paired (built off the FX thread, with the import)
     * @param threadLabels its threads' short labels
     */
    public TimelineViewModel(List<Event> trace, LlmRounds rounds, ThreadLabels threadLabels) {
        this.rounds = rounds;
        this.threadLabels = threadLabels;
        this.eventCount = trace.size();
        this.lastSeq = trace.isEmpty() ? 0 : trace.get(trace.size() - 1).seq();
        List<Event> rows = new ArrayList<>(trace.size());
        for (Event event : trace) {
            if (!rounds.isPairedAnswer(event)) {
                rows.add(event);
            }
        }
        events.setAll(rows);
        this.widestTime = widestTime(trace);
        refilter(filter.get());
        filter.addListener((obs, old, now) -> refilter(now));
    }

    /** The rows to show, in the table's sort order once the view binds {@link SortedList#comparatorProperty()}. */
    public SortedList<Event> rows() {
        return sorted;
    }

    /** Events in the trace; an LLM call's request and answer count as two, as the kind filter and status bar count them. */
    public int totalCount() {
        return eventCount;
    }

    /** The largest event number: the {@code #} column is sized for it. */
    public int lastSeq() {
        return lastSeq;
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

    /** Selects the row that shows {@code event}: an LLM call's answer selects its request's row. */
    public void select(Event event) {
        selectedEvent.set(event == null ? null : rounds.rowOf(event));
    }

    /** Whether the filter lets {@code row} through: a selected row a search hides is selected still, not shown. */
    public boolean isShown(Event row) {
        return shows(filter.get(), row);
    }

    /** The events a row shows: an LLM call's request and its answer, or the event alone. */
    public List<Event> step(Event row) {
        return row == null ? List.of() : rounds.step(row);
    }

    /** The selected row's events, for the detail pane; empty when nothing is selected. */
    public List<Event> selectedStep() {
        return step(selectedEvent.get());
    }

    /** The Summary column: an LLM call as one step ("LLM call: 6 messages in → 1 tool call out · 1.42 s"). */
    public String summary(Event row) {
        return rounds.round(row).map(r -> r.summary()).orElseGet(() -> EventColumns.summary(row));
    }

    /** The Thread column: the shortest label that tells the thread from the trace's others. */
    public String threadLabel(Event row) {
        return threadLabels.label(row.threadId());
    }

    /**
     * What a flagged row's badge says: the rule of its worst finding (the first such in checklist order), and
     * how many other rules flagged it ("missing-flush +1"); "" for a row no rule flagged.
     */
    public static String ruleBadge(List<Finding> findings) {
        if (findings.isEmpty()) {
            return "";
        }
        Finding worst = findings.stream().max((a, b) -> a.severity().compareTo(b.severity())).orElseThrow();
        long others = findings.stream().map(Finding::ruleId).distinct().count() - 1;
        return worst.ruleId() + (others > 0 ? " +" + others : "");
    }

    /** The longest time the Time column shows, among events spread over the trace, for sizing the column. */
    public String widestTime() {
        return widestTime;
    }

    /** How many threads the trace has: with one, the Thread column would say the same on every row. */
    public int threadCount() {
        return threadLabels.size();
    }

    private static String widestTime(List<Event> trace) {
        String widest = "";
        int step = Math.max(1, trace.size() / TIME_SAMPLE);
        for (int i = 0; i < trace.size(); i += step) {
            String time = EventColumns.time(trace.get(i));
            if (time.length() > widest.length()) {
                widest = time;
            }
        }
        return widest;
    }

    /** The longest thread label, for sizing the Thread column. */
    public String widestThreadLabel() {
        return threadLabels.longestLabel();
    }

    /** The findings a row's events are evidence of, each once, in checklist order. */
    public List<Finding> findings(Event row) {
        EvidenceIndex index = filter.get().evidence();
        Optional<Event> answer = rounds.answerOf(row);
        if (answer.isEmpty()) {
            return index.findings(row);
        }
        Set<Finding> all = new LinkedHashSet<>(index.findings(row));
        all.addAll(index.findings(answer.get()));
        return List.copyOf(all);
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
        if (!shows(filter.get(), rounds.rowOf(event))) {
            filter.set(filter.get().relaxedFor(event));
        }
        select(event);
    }

    /** "42 of 1,337 events", or "1,337 events" when nothing is filtered out. */
    public String countText() {
        int shown = shownCount.get();
        int total = eventCount;
        return shown == total ? Numbers.count(total, "event", "events") : Numbers.count(shown) + " of " + Numbers.count(total, "event", "events");
    }

    private void refilter(EventFilter now) {
        Predicate<Event> shown = row -> shows(now, row);
        filtered.setPredicate(shown);
        // Count events, not rows, so the count agrees with the status bar and the kind filter.
        int count = filtered.size();
        for (Event row : filtered) {
            if (row.kind() == EventKind.LLM_CALL && rounds.answerOf(row).isPresent()) {
                count++;
            }
        }
        shownCount.set(count);
        // A selection another thread, kind or "only flagged" hides is left behind, and the detail pane says so. One
        // that only a search hides stays selected, its detail on show: searching (Ctrl+F, a word or two) must not
        // lose what the user was reading, and clearing the search brings its row back.
        Event selected = selectedEvent.get();
        if (selected != null && !shown.test(selected) && !shows(now.withSearch(""), selected)) {
            selectedEvent.set(null);
        }
    }

    /** A row passes when its event or the answer it shows does: both are on the same thread and of one kind. */
    private boolean shows(EventFilter now, Event row) {
        if (now.test(row)) {
            return true;
        }
        if (row.kind() != EventKind.LLM_CALL) {
            return false;
        }
        Optional<Event> answer = rounds.answerOf(row);
        return answer.isPresent() && now.test(answer.get());
    }
}
