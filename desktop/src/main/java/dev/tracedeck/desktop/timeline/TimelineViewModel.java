package dev.tracedeck.desktop.timeline;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.engine.search.EventFilter;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.engine.search.FilterPass;
import dev.tracedeck.engine.search.HarnessFolding;
import dev.tracedeck.engine.search.RowColumns;
import dev.tracedeck.engine.search.RowList;
import dev.tracedeck.engine.search.SearchSignatures;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.ThreadLabels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The timeline of one trace: every step once in a backing list, and the rows shown ({@link ShownRows}), tested
 * again on every core when the thread, kinds, search or "only flagged" change and sorted as the table asks
 * to. Rows are the model's immutable events: an LLM call's answer is shown in its request's row (one step,
 * see {@link LlmRounds}) and is not a row of its own, every other event is its own row. Selecting or revealing
 * an answer selects its request's row, and a row passes the filter when either of its events does, so no
 * event is ever out of reach. A search of many rows runs on another thread ({@link #searchInBackground}): the rows
 * shown stay until the first rows it finds replace them (from the first row on, a screenful or what a quarter of a
 * second found), more join them a few times a second and the rest at the end, and {@link #searchingProperty} says it
 * runs.
 */
public final class TimelineViewModel {

    /**
     * A search of more rows than this runs on another thread: reading that many rows' texts whole takes some 40 ms on
     * two cores, and a search of millions, even with every row signed, took seconds with the checks running beside it.
     */
    static final int BACKGROUND_ROWS = 200_000;
    /**
     * A search that reads more texts than this back from the file runs on another thread too, whatever the rows: on the
     * 257 MiB benchmark log (65,564 rows, most of them read back) one held the FX thread 146 ms against 78 ms with the
     * texts in memory, and 559 ms right after the import with the checks running.
     */
    static final int BACKGROUND_READ_BACKS = 20_000;

    private final RowList events = new RowList();
    /** What the filter reads of each of {@link #events}, kept in step with it. */
    private final RowColumns columns = new RowColumns();
    /**
     * Which rows a search can match, made off the FX thread: as the file is read ({@link #signedAsRead}, {@link
     * #adoptSignatures}), or for rows without ({@link #searchIndexing}).
     */
    private final SearchSignatures signatures = new SearchSignatures();
    private final ShownRows shown = new ShownRows(events);
    private final ReadOnlyObjectWrapper<EventFilter> filter = new ReadOnlyObjectWrapper<>(EventFilter.ALL);
    private final ReadOnlyIntegerWrapper shownCount = new ReadOnlyIntegerWrapper();
    private final ReadOnlyObjectWrapper<Event> selectedEvent = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Map<EventKind, Long>> kindCounts = new ReadOnlyObjectWrapper<>(Map.of());
    private LlmRounds rounds;
    private ThreadLabels threadLabels;
    /** Says each row in words: a record never as its JSON, a result by its tool. */
    private dev.tracedeck.analysis.run.RunWords words;
    /** Where each harness record folds; rebuilt as a followed file is read further. */
    private dev.tracedeck.analysis.run.HarnessFolds folds;
    private final List<GrowthListener> growthListeners = new ArrayList<>();
    private final ReadOnlyIntegerWrapper newestAsked = new ReadOnlyIntegerWrapper();
    private int eventCount;
    private int lastSeq;
    private final String widestTime;
    /** Rows still come in ({@link #growing()}): the columns are sized for what usually comes, not for what has. */
    private boolean growing;
    /** Where a search of many rows runs, the latest one only; null: on the calling thread. */
    private LatestOnly background;
    /** Where the first rows a search found are handed over, in order with its result: the FX thread in the app. */
    private Executor backgroundCallbacks = Runnable::run;
    private int backgroundRows = BACKGROUND_ROWS;
    /** Counts the passes begun: the first rows of a pass a later one replaced are not shown. */
    private long passes;
    /** How many of the rows shown are the first rows of the search still running; 0 while it has shown none. */
    private int firstRowsShown;
    private final ReadOnlyBooleanWrapper searching = new ReadOnlyBooleanWrapper();
    /** Rows added while a pass runs on another thread, which passed its filter: shown after its result. */
    private int[] addedMeanwhile;
    private int addedMeanwhileCount;
    private int addedMeanwhileEvents;
    /** The signatures of the events of a file being read, made as they come ({@link #signedAsRead}); or null. */
    private StreamedSignatures streamed;

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
        this(trace, rounds, threadLabels, TimelineRows.NONE);
    }

    /**
     * @param trace        a trace's events in seq order
     * @param rounds       its LLM calls paired (built off the FX thread, with the import)
     * @param threadLabels its threads' short labels
     * @param made         the rows of these events and pairs, made off the FX thread, which this timeline takes over;
     *                     made here when they are of other events or taken already
     */
    public TimelineViewModel(List<Event> trace, LlmRounds rounds, ThreadLabels threadLabels, TimelineRows made) {
        this.rounds = rounds;
        this.threadLabels = threadLabels;
        this.eventCount = trace.size();
        this.lastSeq = trace.isEmpty() ? 0 : trace.get(trace.size() - 1).seq();
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
            this.folds = dev.tracedeck.analysis.run.HarnessFolds.of(trace);
        }
        filter.set(filter.get().withHarness(new HarnessFolding(folds, true, 0)));
        refilter(filter.get());
        filter.addListener((obs, old, now) -> {
            if (!sameRows(old, now)) {
                refilter(now);
            }
        });
    }

    /**
     * Hears the rows of a followed file change at their end ({@link #grow}): {@link #growing} is called before, and
     * the step it returns after, so that a view can tell whether it showed the last row and show it again.
     */
    @FunctionalInterface
    public interface GrowthListener {
        Runnable growing();
    }

    public void addGrowthListener(GrowthListener listener) {
        growthListeners.add(listener);
    }

    /** Asks the view to show the newest rows, the selection left as it is: following a file begins, as {@code tail -f}. */
    public void showNewest() {
        newestAsked.set(newestAsked.get() + 1);
    }

    /** Counts {@link #showNewest} asks, for the view to hear them. */
    public ReadOnlyIntegerProperty newestAskedProperty() {
        return newestAsked.getReadOnlyProperty();
    }

    /**
     * A timeline for a file still being read: rows come in with {@link #append}. Its LLM calls are not paired yet
     * (a request's answer may be further on), so an answer is a row of its own until the trace is whole; the
     * {@code #} column is sized for seven digits, the count to come being unknown.
     */
    public static TimelineViewModel growing() {
        TimelineViewModel model = new TimelineViewModel(List.of(), LlmRounds.NONE, ThreadLabels.of(List.of()));
        model.lastSeq = 9_999_999;
        model.growing = true;
        return model;
    }

    /**
     * Adds events read since the last call, after every row there is, in seq order; the filter, search and count
     * apply to them as to the rest. For a {@link #growing()} timeline only.
     *
     * @param labels the threads' labels as they stand now: a new thread can make an older label ambiguous
     */
    public void append(List<Event> batch, ThreadLabels labels) {
        threadLabels = labels;
        if (batch.isEmpty()) {
            return;
        }
        EventFilter now = filter.get();
        int[] passing = new int[batch.size()];
        int count = 0;
        int passingEvents = 0;
        int hostsBefore = folds.hostingThreads();
        for (Event event : batch) {
            words.add(event);
            folds.add(event);
        }
        for (Event event : batch) {
            if (shows(now, event)) {
                passing[count++] = events.size();
                passingEvents++;
            }
            events.add(event);
            columns.add(event, rounds);
        }
        eventCount += batch.size();
        lastSeq = Math.max(lastSeq, batch.get(batch.size() - 1).seq());
        takeStreamedSignatures();
        if (addedMeanwhile != null) {
            // A search runs over the rows before these: they join its result, the rows shown stay until it comes.
            if (addedMeanwhile.length < addedMeanwhileCount + count) {
                addedMeanwhile = Arrays.copyOf(addedMeanwhile, Math.max(addedMeanwhileCount + count, addedMeanwhile.length * 2));
            }
            System.arraycopy(passing, 0, addedMeanwhile, addedMeanwhileCount, count);
            addedMeanwhileCount += count;
            addedMeanwhileEvents += passingEvents;
            return;
        }
        shown.append(passing, count);
        shownCount.set(shownCount.get() + passingEvents);
        if (folds.hostingThreads() != hostsBefore && now.harness().folded()) {
            // A thread's first step came: the harness records it showed until now fold into it.
            filter.set(now.withHarness(now.harness().changed()));
        }
    }

    /**
     * Takes the search signatures of a file being read from {@code signatures}, made off the FX thread as its events
     * come, one row per event in the order they come: for a {@link #growing()} timeline fed those events by {@link
     * #append}.
     */
    public void signedAsRead(StreamedSignatures signatures) {
        this.streamed = signatures;
        takeStreamedSignatures();
    }

    /**
     * Takes the search signatures of this timeline's rows made as its file was read (see {@link
     * StreamedSignatures#finish}), when they are of these very rows; the rows they leave unsigned, if any, are signed
     * by {@link #searchIndexing}.
     */
    public void adoptSignatures(StreamedSignatures signatures) {
        signatures.rowsSigned(events).ifPresent(made -> {
            if (this.signatures.signedRows() == 0) {
                this.signatures.install(made);
            }
        });
    }

    /** The signatures made since the last look, of the rows there are. */
    private void takeStreamedSignatures() {
        if (streamed != null) {
            streamed.signed(signatures.signedRows(), events.size()).ifPresent(signatures::install);
        }
    }

    /**
     * Runs a search of more than {@value #BACKGROUND_ROWS} rows on {@code runner}, the latest search only; without,
     * every pass runs on the calling thread.
     */
    public void searchInBackground(TaskRunner runner) {
        searchInBackground(runner, BACKGROUND_ROWS);
    }

    /** @param rows the most rows a search on the calling thread may read */
    void searchInBackground(TaskRunner runner, int rows) {
        this.background = new LatestOnly(runner);
        this.backgroundCallbacks = runner.callbacks();
        this.backgroundRows = rows;
    }

    /** Whether a search runs on another thread: the rows shown are those of the filter before it until it ends. */
    public ReadOnlyBooleanProperty searchingProperty() {
        return searching.getReadOnlyProperty();
    }

    /**
     * Takes on a followed file read further, in place: the rows of events from {@code keep} on are replaced by those
     * of {@code trace} (events the last reading held provisionally, and the new ones), every row before stays as it
     * is, and the filter, search and sort apply to the new rows as to the rest. The selection, a row before {@code
     * keep}, stays; one from {@code keep} on is the caller's to find again.
     *
     * @param keep   how many of the trace's first events are the very events (the same objects) this timeline shows,
     *               each paired with the same answer or none: the requests the new events answer are past it
     * @param trace  the file's events as now read, in seq order
     * @param rounds their LLM calls paired
     * @param labels their threads' labels
     */
    public void grow(int keep, List<Event> trace, LlmRounds rounds, ThreadLabels labels) {
        List<Runnable> after = growthListeners.stream().map(GrowthListener::growing).toList();
        LlmRounds before = this.rounds;
        int firstRow = firstRowAtOrAfter(keep);
        // The events read before and read again (a record held open until the next line ended it) are folded already.
        int hostsBefore = folds.hostingThreads();
        for (int i = Math.max(keep, eventCount); i < trace.size(); i++) {
            words.add(trace.get(i));
            folds.add(trace.get(i));
        }
        if (folds.hostingThreads() != hostsBefore && filter.get().harness().folded()) {
            filter.set(filter.get().withHarness(filter.get().harness().changed()));
        }
        EventFilter now = filter.get();
        List<Event> rows = new ArrayList<>(trace.size() - keep);
        int[] passing = new int[trace.size() - keep];
        int count = 0;
        int passingEvents = 0;
        this.rounds = rounds;
        for (int i = keep; i < trace.size(); i++) {
            Event event = trace.get(i);
            if (rounds.isPairedAnswer(event)) {
                continue;
            }
            if (shows(now, event)) {
                passing[count++] = firstRow + rows.size();
                passingEvents += eventsIn(event, rounds);
            }
            rows.add(event);
        }
        List<Event> dropped = shown.replaceEnd(firstRow, () -> {
            events.truncate(firstRow);
            events.addAllRows(rows);
            columns.truncate(firstRow);
            signatures.forgetFrom(firstRow);
            rows.forEach(row -> columns.add(row, rounds));
        }, passing, count);
        for (Event row : dropped) {
            passingEvents -= eventsIn(row, before);
        }
        threadLabels = labels;
        eventCount = trace.size();
        lastSeq = Math.max(lastSeq, trace.isEmpty() ? 0 : trace.get(trace.size() - 1).seq());
        shownCount.set(shownCount.get() + passingEvents);
        if (addedMeanwhile != null) {
            // The search running read rows replaced since: it starts again over the rows as they are now.
            refilter(now);
        }
        after.forEach(Runnable::run);
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

    /**
     * Whether {@code now} passes the rows {@code old} did: it differs from it only in which events are evidence, and
     * neither shows only flagged events. The rows then only redraw their marks (new findings of a followed file).
     */
    private static boolean sameRows(EventFilter old, EventFilter now) {
        return !old.onlyFlagged() && !now.onlyFlagged() && old.withEvidence(now.evidence()).equals(now);
    }

    /** Events of each kind in the trace, for the kind filter; empty while a file is still read. */
    public ReadOnlyObjectProperty<Map<EventKind, Long>> kindCountsProperty() {
        return kindCounts.getReadOnlyProperty();
    }

    public void countKinds(Map<EventKind, Long> counts) {
        kindCounts.set(Map.copyOf(counts));
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

    /**
     * The Summary column: an LLM call as one step ("LLM call: 6 messages in → 1 tool call out · 1.42 s"), a record in
     * words, a tool's result by its tool; a step that harness records fold into says how many.
     */
    public String summary(Event row) {
        String summary = rounds.round(row).map(r -> r.summary()).orElseGet(() -> EventColumns.summary(row, words));
        int folded = filter.get().harness().folded() ? folds.foldedInto(row.seq()) : 0;
        // In front: a narrow column cuts a summary's end, and the count says there is more to this step than it shows.
        return folded == 0 ? summary : "+" + CountFormat.count(folded) + " folded · " + summary;
    }

    /** Folds harness records into their steps (the default), or shows them as rows of their own. */
    public void foldHarness(boolean fold) {
        filter.set(filter.get().withHarness(filter.get().harness().withFolded(fold)));
    }

    public boolean isHarnessFolded() {
        return filter.get().harness().folded();
    }

    /** How many harness records there are, those that fold and those of threads with no step to fold them into. */
    public long harnessCount() {
        return folds.total();
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

    /**
     * How many threads the trace has: with one, the Thread column would say the same on every row. While rows still
     * come in, the count to come is unknown: as many as there can be.
     */
    public int threadCount() {
        return growing ? Integer.MAX_VALUE : threadLabels.size();
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

    /** The longest thread label, for sizing the Thread column; while rows still come in, one of a usual length. */
    public String widestThreadLabel() {
        return growing ? "0000000000:s00" : threadLabels.longestLabel();
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

    /** Narrows to one thread's events, or shows every thread's; nothing to do when it shows those already. */
    public void showThread(Optional<String> threadId) {
        if (filter.get().threadId().equals(threadId)) {
            return;
        }
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

    /**
     * "42 of 1,337 events", or "1,337 events" when nothing is filtered out; while a search runs, "Searching…", and once
     * its first rows are shown, how many it has found so far.
     */
    public String countText() {
        if (searching.get()) {
            return firstRowsShown > 0 ? "Searching… " + CountFormat.count(shownCount.get()) + " so far" : "Searching…";
        }
        int shown = shownCount.get();
        int total = eventCount;
        return shown == total ? CountFormat.count(total, "event", "events") : CountFormat.count(shown) + " of " + CountFormat.count(total, "event", "events");
    }

    /**
     * Shows the rows {@code now} passes: here and now, or, for a search of many rows, on another thread, the rows shown
     * before staying until its result comes. Either way the latest filter wins: a pass still running for an earlier
     * one is dropped.
     */
    private void refilter(EventFilter now) {
        takeStreamedSignatures();
        FilterPass pass = new FilterPass(now, events.array(), events.size(), columns, signatures, rounds);
        if (background == null
                || pass.rowsSearched() <= backgroundRows && pass.textsReadBack() <= BACKGROUND_READ_BACKS) {
            stopBackgroundPass();
            show(now, pass.run(() -> false), new int[0], 0, 0);
            return;
        }
        long mine = ++passes;
        addedMeanwhile = new int[16];
        addedMeanwhileCount = 0;
        addedMeanwhileEvents = 0;
        firstRowsShown = 0;
        searching.set(true);
        Executor callbacks = backgroundCallbacks;
        background.submit("timeline search", context -> pass.run(context::isCancelled, soFar -> callbacks.execute(() -> {
            if (mine == passes) {
                showFoundSoFar(soFar);
            }
        })), result -> {
            if (result == null) {
                return;  // cancelled: a later filter took over
            }
            int[] added = addedMeanwhile;
            int count = addedMeanwhileCount;
            int addedEvents = addedMeanwhileEvents;
            addedMeanwhile = null;
            show(now, result, added, count, addedEvents);
            searching.set(false);
        }, error -> {
            addedMeanwhile = null;
            firstRowsShown = 0;
            searching.set(false);
            throw new IllegalStateException("searching the timeline failed", error);
        });
    }

    /** Drops a search still running on another thread: nobody will look at its result (the tab closes). */
    public void stopSearching() {
        stopBackgroundPass();
    }

    private void stopBackgroundPass() {
        passes++;
        firstRowsShown = 0;
        if (addedMeanwhile != null) {
            background.cancel();
            addedMeanwhile = null;
            searching.set(false);
        }
    }

    /** Whether a search still running shows the first rows it found (the rest join them when it ends). */
    public boolean showsFirstRows() {
        return searching.get() && firstRowsShown > 0;
    }

    /**
     * More rows the search running has found, after those it found before (from the first row on): in place of the rows
     * shown before it the first time, after those shown since then; the rest will follow them.
     */
    private void showFoundSoFar(FilterPass.Result more) {
        int[] rows = more.rows();
        if (firstRowsShown == 0) {
            shown.show(rows, rows.length);
            shownCount.set(more.events());
        } else {
            shown.append(rows, rows.length);
            shownCount.set(shownCount.get() + more.events());
        }
        firstRowsShown += rows.length;
    }

    /**
     * Shows the rows a pass of {@code now} passed and those added since that it passes: one change, or, where its first
     * rows are shown already (the first of the rows it passed, in order), the others added after them.
     */
    private void show(EventFilter now, FilterPass.Result result, int[] added, int addedCount, int addedEvents) {
        int[] passing = result.rows();
        if (addedCount > 0) {
            passing = Arrays.copyOf(passing, passing.length + addedCount);
            System.arraycopy(added, 0, passing, result.rows().length, addedCount);
        }
        if (firstRowsShown > 0) {
            int rest = passing.length - firstRowsShown;
            shown.append(Arrays.copyOfRange(passing, firstRowsShown, passing.length), rest);
            firstRowsShown = 0;
        } else {
            shown.show(passing, passing.length);
        }
        shownCount.set(result.events() + addedEvents);
        // A selection another thread, kind or "only flagged" hides is left behind, and the detail pane says so. One
        // that only a search hides stays selected, its detail on show: searching (Ctrl+F, a word or two) must not
        // lose what the user was reading, and clearing the search brings its row back.
        Event selected = selectedEvent.get();
        if (selected != null && !shows(now, selected) && !shows(now.withSearch(""), selected)) {
            selectedEvent.set(null);
        }
    }

    /**
     * The job that makes the search signatures of the rows not signed yet, reading every one of their texts once, off
     * the FX thread; they are installed when it ends (but for rows a followed file's reading replaced meanwhile), and
     * searches pass over the rows they rule out from then on. Empty when every row is signed.
     */
    public Optional<BackgroundJob<?>> searchIndexing() {
        int from = signatures.signedRows();
        int size = events.size();
        if (from >= size) {
            return Optional.empty();
        }
        Event[] rows = Arrays.copyOfRange(events.array(), from, size);
        Event[] answers = new Event[rows.length];
        for (int i = 0; i < rows.length; i++) {
            if (columns.answerSeq(from + i) != RowColumns.NO_ANSWER) {
                answers[i] = rounds.answerOf(rows[i]).orElse(null);
            }
        }
        SearchSignatures.Signing signing = signatures.signing(rows, answers);
        return Optional.of(BackgroundJob.of("search signatures", context -> signing.sign(context::isCancelled))
                .onSuccess(made -> {
                    if (made != null) {
                        signatures.install(made);
                    }
                }));
    }

    /** A row passes when its event or the answer it shows does: both are on the same thread and of one kind. */
    private boolean shows(EventFilter now, Event row) {
        return FilterPass.shows(now, row, rounds);
    }
}
