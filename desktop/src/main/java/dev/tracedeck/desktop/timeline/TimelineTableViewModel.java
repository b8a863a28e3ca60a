package dev.tracedeck.desktop.timeline;

import dev.tracedeck.analysis.run.HarnessFolds;
import dev.tracedeck.analysis.run.RunWords;
import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.engine.search.EventFilter;
import dev.tracedeck.engine.search.FilterPass;
import dev.tracedeck.engine.search.RowColumns;
import dev.tracedeck.engine.search.RowList;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.ThreadLabels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The timeline's rows: every step once in a backing list with what the filter reads of each ({@link RowColumns}),
 * the rows shown ({@link ShownRows}) in the order the table sorts them, how many events they show, and what the
 * columns say and are sized for. Rows are the model's immutable events: an LLM call's answer is shown in its
 * request's row (one step, see {@link LlmRounds}) and is not a row of its own. Which rows are shown is the search's
 * to decide ({@link TimelineSearchViewModel}); this holds them.
 */
public final class TimelineTableViewModel {

    /** How many events, spread over the trace, the Time column is sized from: a trace writes its times one way. */
    private static final int TIME_SAMPLE = 10_000;

    private final RowList events = new RowList();
    /** What the filter reads of each of {@link #events}, kept in step with it. */
    private RowColumns columns = new RowColumns();
    private final ShownRows shown = new ShownRows(events);
    private final ReadOnlyIntegerWrapper shownCount = new ReadOnlyIntegerWrapper();
    private final ReadOnlyObjectWrapper<Map<EventKind, Long>> kindCounts = new ReadOnlyObjectWrapper<>(Map.of());
    private final ReadOnlyIntegerWrapper newestAsked = new ReadOnlyIntegerWrapper();
    private final List<TimelineViewModel.GrowthListener> growthListeners = new ArrayList<>();
    private LlmRounds rounds;
    private ThreadLabels threadLabels;
    /** Says each row in words: a record never as its JSON, a result by its tool. */
    private RunWords words;
    /** Where each harness record folds; rebuilt as a followed file is read further. */
    private HarnessFolds folds;
    private int eventCount;
    private int lastSeq;
    private String widestTime;
    /** Rows still come in: the columns are sized for what usually comes, not for what has. */
    private final ReadOnlyBooleanWrapper growing = new ReadOnlyBooleanWrapper();

    /** The rows of {@code trace}, taken from {@code made} when they are its rows, else made here. */
    TimelineTableViewModel(List<Event> trace, LlmRounds rounds, ThreadLabels threadLabels, TimelineRows made, boolean growing) {
        this.rounds = rounds;
        this.threadLabels = threadLabels;
        this.growing.set(growing);
        this.eventCount = trace.size();
        this.lastSeq = growing ? 9_999_999 : trace.isEmpty() ? 0 : trace.get(trace.size() - 1).seq();
        TimelineRows taken = made.take(trace, rounds);
        if (taken != null) {
            events.adopt(taken.rows());
            columns.adopt(taken.columns());
            this.widestTime = taken.widestTime();
            this.words = taken.words();
            this.folds = taken.folds();
        } else {
            TimelineRows.add(trace, rounds, events, columns);
            this.widestTime = widestTime(trace);
            this.words = TimelineRows.wordsOf(trace);
            this.folds = HarnessFolds.of(trace);
        }
    }

    /** The rows to show, in the order the table sorts them by ({@link #sortRows}), seq order until it does. */
    public ShownRows rows() {
        return shown;
    }

    /** The table's sort: null for seq order. */
    public void sortRows(Comparator<? super Event> order) {
        shown.sortBy(order);
    }

    /** Events in the trace; an LLM call's request and answer count as two, as the kind filter and status bar count them. */
    public int totalCount() {
        return eventCount;
    }

    /** The largest event number: the {@code #} column is sized for it. */
    public int lastSeq() {
        return lastSeq;
    }

    /** How many events the rows shown show. */
    public ReadOnlyIntegerProperty shownCountProperty() {
        return shownCount.getReadOnlyProperty();
    }

    /** Events of each kind in the trace, for the kind filter; empty while a file is still read. */
    public ReadOnlyObjectProperty<Map<EventKind, Long>> kindCountsProperty() {
        return kindCounts.getReadOnlyProperty();
    }

    public void countKinds(Map<EventKind, Long> counts) {
        kindCounts.set(Map.copyOf(counts));
    }

    /** The events a row shows: an LLM call's request and its answer, or the event alone. */
    public List<Event> step(Event row) {
        return row == null ? List.of() : rounds.step(row);
    }

    /**
     * The Summary column: an LLM call as one step ("LLM call: 6 messages in → 1 tool call out · 1.42 s"), a record in
     * words, a tool's result by its tool; a step that harness records fold into, when they fold, says how many.
     */
    public String summary(Event row, boolean harnessFolded) {
        String summary = rounds.round(row).map(r -> r.summary()).orElseGet(() -> EventColumns.summary(row, words));
        int folded = harnessFolded ? folds.foldedInto(row.seq()) : 0;
        // In front: a narrow column cuts a summary's end, and the count says there is more to this step than it shows.
        return folded == 0 ? summary : "+" + CountFormat.count(folded) + " folded · " + summary;
    }

    /** How many harness records there are, those that fold and those of threads with no step to fold them into. */
    public long harnessCount() {
        return folds.total();
    }

    /** The Thread column: the shortest label that tells the thread from the trace's others. */
    public String threadLabel(Event row) {
        return threadLabels.label(row.threadId());
    }

    /** The longest time the Time column shows, among events spread over the trace, for sizing the column. */
    public String widestTime() {
        return widestTime;
    }

    /**
     * How many threads the trace has: with one, the Thread column would say the same on every row. While rows still
     * come in, the count to come is unknown: as many as there can be.
     */
    public int threadCount() {
        return growing.get() ? Integer.MAX_VALUE : threadLabels.size();
    }

    /** The longest thread label, for sizing the Thread column; while rows still come in, one of a usual length. */
    public String widestThreadLabel() {
        return growing.get() ? "0000000000:s00" : threadLabels.longestLabel();
    }

    /**
     * Whether rows still come in (a file still read): the columns are sized for what usually comes until it turns
     * false, when they can be sized for what came ({@link TimelineViewModel#readWhole}).
     */
    public ReadOnlyBooleanProperty growingProperty() {
        return growing.getReadOnlyProperty();
    }

    /** Asks the view to show the newest rows, the selection left as it is: following a file begins, as {@code tail -f}. */
    public void showNewest() {
        newestAsked.set(newestAsked.get() + 1);
    }

    /** Counts {@link #showNewest} asks, for the view to hear them. */
    public ReadOnlyIntegerProperty newestAskedProperty() {
        return newestAsked.getReadOnlyProperty();
    }

    public void addGrowthListener(TimelineViewModel.GrowthListener listener) {
        growthListeners.add(listener);
    }

    static String widestTime(List<Event> trace) {
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

    // What the filter, search and selection of the same timeline read and change.

    RowList events() {
        return events;
    }

    RowColumns columns() {
        return columns;
    }

    LlmRounds rounds() {
        return rounds;
    }

    HarnessFolds folds() {
        return folds;
    }

    /** A row passes when its event or the answer it shows does: both are on the same thread and of one kind. */
    boolean shows(EventFilter filter, Event row) {
        return FilterPass.shows(filter, row, rounds);
    }

    /** The row that shows {@code event}: an LLM call's answer is shown in its request's row. */
    Event rowOf(Event event) {
        return rounds.rowOf(event);
    }

    void setShownCount(int events) {
        shownCount.set(events);
    }

    /** Words and harness folds for events read since: before they are rows, as a summary and the filter read them. */
    void describe(List<Event> read) {
        for (Event event : read) {
            words.add(event);
            folds.add(event);
        }
    }

    /**
     * Adds {@code batch} after every row there is, in seq order, and returns the positions of the rows {@code filter}
     * passes, each one event (a growing timeline pairs no LLM calls).
     */
    int[] append(List<Event> batch, ThreadLabels labels, EventFilter filter) {
        threadLabels = labels;
        int[] passing = new int[batch.size()];
        int count = 0;
        for (Event event : batch) {
            if (shows(filter, event)) {
                passing[count++] = events.size();
            }
            events.add(event);
            columns.add(event, rounds);
        }
        if (!batch.isEmpty()) {
            eventCount += batch.size();
            lastSeq = Math.max(lastSeq, batch.get(batch.size() - 1).seq());
        }
        return Arrays.copyOf(passing, count);
    }

    /**
     * Takes the rows of the whole trace in place of those read so far, taken from {@code made} when they are its rows
     * (made off the FX thread, with the import), else made here; every shown row goes first, for the search to show
     * those of the whole trace. Rows come in no more.
     */
    void readWhole(List<Event> trace, LlmRounds rounds, ThreadLabels labels, TimelineRows made) {
        shown.show(new int[0], 0);
        events.truncate(0);
        TimelineRows taken = made.take(trace, rounds);
        if (taken != null) {
            events.adopt(taken.rows());
            columns = taken.columns();
            widestTime = taken.widestTime();
            words = taken.words();
            folds = taken.folds();
        } else {
            columns = new RowColumns();
            TimelineRows.add(trace, rounds, events, columns);
            widestTime = widestTime(trace);
            words = TimelineRows.wordsOf(trace);
            folds = HarnessFolds.of(trace);
        }
        this.rounds = rounds;
        this.threadLabels = labels;
        eventCount = trace.size();
        lastSeq = trace.isEmpty() ? 0 : trace.get(trace.size() - 1).seq();
        shownCount.set(0);
        growing.set(false);
    }

    /** Hears the growth listeners before rows change at their end; what to run after. */
    List<Runnable> growing() {
        return growthListeners.stream().map(TimelineViewModel.GrowthListener::growing).toList();
    }

    /**
     * Replaces the rows of events from {@code keep} on by those of {@code trace} (see {@link TimelineViewModel#grow}),
     * showing those {@code filter} passes where the rows shown end, and keeping the count of events shown in step;
     * {@code replaced} hears the first row replaced with the backing rows changed, before the shown rows hear it.
     */
    void grow(int keep, List<Event> trace, LlmRounds newRounds, ThreadLabels labels, EventFilter filter,
              IntConsumer replaced) {
        LlmRounds before = this.rounds;
        int firstRow = firstRowAtOrAfter(keep);
        List<Event> rows = new ArrayList<>(trace.size() - keep);
        int[] passing = new int[trace.size() - keep];
        int count = 0;
        int passingEvents = 0;
        this.rounds = newRounds;
        for (int i = keep; i < trace.size(); i++) {
            Event event = trace.get(i);
            if (newRounds.isPairedAnswer(event)) {
                continue;
            }
            if (shows(filter, event)) {
                passing[count++] = firstRow + rows.size();
                passingEvents += eventsIn(event, newRounds);
            }
            rows.add(event);
        }
        List<Event> dropped = shown.replaceEnd(firstRow, () -> {
            events.truncate(firstRow);
            events.addAllRows(rows);
            columns.truncate(firstRow);
            replaced.accept(firstRow);
            rows.forEach(row -> columns.add(row, newRounds));
        }, passing, count);
        for (Event row : dropped) {
            passingEvents -= eventsIn(row, before);
        }
        threadLabels = labels;
        eventCount = trace.size();
        lastSeq = Math.max(lastSeq, trace.isEmpty() ? 0 : trace.get(trace.size() - 1).seq());
        shownCount.set(shownCount.get() + passingEvents);
    }

    /** How many of the trace's events the rows have read: words and folds are made for the events after. */
    int eventCount() {
        return eventCount;
    }

    /** The index of the first row whose event is {@code seq} or later; rows are in seq order. */
    private int firstRowAtOrAfter(int seq) {
        int low = 0;
        int high = events.size();
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (events.get(mid).seq() < seq) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** The events a row stands for, as the count says: an LLM call's request with its answer is two. */
    private static int eventsIn(Event row, LlmRounds rounds) {
        return row.kind() == EventKind.LLM_CALL && rounds.answerOf(row).isPresent() ? 2 : 1;
    }
}
