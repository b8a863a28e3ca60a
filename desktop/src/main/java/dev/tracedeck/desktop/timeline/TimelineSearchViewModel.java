package dev.tracedeck.desktop.timeline;

import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.engine.search.EventFilter;
import dev.tracedeck.engine.search.FilterPass;
import dev.tracedeck.engine.search.RowColumns;
import dev.tracedeck.engine.search.SearchSignatures;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.Event;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * Finds the rows the filter passes and shows them: each filter is one {@link FilterPass} over the rows as they stand,
 * tested on every core, here and now, or, for a search of many rows, on another thread ({@link #searchInBackground}):
 * the rows shown stay until the first rows it finds replace them (from the first row on, a screenful or what a quarter
 * of a second found), more join them a few times a second and the rest at the end, and {@link #searchingProperty}
 * says it runs. The latest filter wins. Which rows a search can match is known from their signatures
 * ({@link SearchSignatures}), made off the FX thread.
 */
public final class TimelineSearchViewModel {

    /**
     * A search of more rows than this runs on another thread: reading that many rows' texts whole takes some 40 ms on
     * two cores, and a search of millions, even with every row signed, took seconds with the checks running beside it.
     */
    static final int BACKGROUND_ROWS = 200_000;
    /**
     * A search that reads more texts than this back from the file runs on another thread too, whatever the rows: reading
     * them back costs the FX thread about twice what texts held in memory do, and far more while the checks run beside
     * it (docs/performance.md, "The window's memory").
     */
    static final int BACKGROUND_READ_BACKS = 20_000;

    private final TimelineTableViewModel table;
    private final TimelineFilterViewModel filter;
    private final TimelineSelectionViewModel selection;
    /**
     * Which rows a search can match, made off the FX thread: as the file is read ({@link #signedAsRead}, {@link
     * #adoptSignatures}), or for rows without ({@link #searchIndexing}).
     */
    private SearchSignatures signatures = new SearchSignatures();
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

    TimelineSearchViewModel(TimelineTableViewModel table, TimelineFilterViewModel filter, TimelineSelectionViewModel selection) {
        this.table = table;
        this.filter = filter;
        this.selection = selection;
    }

    /** Shows the rows whose texts contain {@code text}, with the thread, kinds and "only flagged" as they are. */
    public void search(String text) {
        filter.set(filter.get().withSearch(text));
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

    /** Whether a search still running shows the first rows it found (the rest join them when it ends). */
    public boolean showsFirstRows() {
        return searching.get() && firstRowsShown > 0;
    }

    /** Drops a search still running on another thread: nobody will look at its result (the tab closes). */
    public void stopSearching() {
        stopBackgroundPass();
    }

    /**
     * "42 of 1,337 events", or "1,337 events" when nothing is filtered out; while a search runs, "Searching…", and once
     * its first rows are shown, how many it has found so far.
     */
    public String countText() {
        int shown = table.shownCountProperty().get();
        if (searching.get()) {
            return firstRowsShown > 0 ? "Searching… " + CountFormat.count(shown) + " so far" : "Searching…";
        }
        int total = table.totalCount();
        return shown == total ? CountFormat.count(total, "event", "events") : CountFormat.count(shown) + " of " + CountFormat.count(total, "event", "events");
    }

    /**
     * Takes the search signatures of a file being read from {@code signatures}, made off the FX thread as its events
     * come, one row per event in the order they come: for a growing timeline fed those events as they are read.
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
        signatures.rowsSigned(table.events()).ifPresent(made -> {
            if (this.signatures.signedRows() == 0) {
                this.signatures.install(made);
            }
        });
    }

    /**
     * The job that makes the search signatures of the rows not signed yet, reading every one of their texts once, off
     * the FX thread; they are installed when it ends (but for rows a followed file's reading replaced meanwhile), and
     * searches pass over the rows they rule out from then on. Empty when every row is signed.
     */
    public Optional<BackgroundJob<?>> searchIndexing() {
        int from = signatures.signedRows();
        int size = table.events().size();
        if (from >= size) {
            return Optional.empty();
        }
        Event[] rows = Arrays.copyOfRange(table.events().array(), from, size);
        Event[] answers = new Event[rows.length];
        for (int i = 0; i < rows.length; i++) {
            if (table.columns().answerSeq(from + i) != RowColumns.NO_ANSWER) {
                answers[i] = table.rounds().answerOf(rows[i]).orElse(null);
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

    // What the timeline calls as its rows change.

    /** The signatures made since the last look, of the rows there are. */
    void takeStreamedSignatures() {
        if (streamed != null) {
            streamed.signed(signatures.signedRows(), table.events().size()).ifPresent(signatures::install);
        }
    }

    /**
     * Every row is replaced by those of the whole trace: the signatures made as it was read, one per event read, no
     * longer hold, and those made of the whole trace's rows at the end of its reading (see {@link
     * StreamedSignatures#finish}) are taken when they are of these rows.
     */
    void rowsReadWhole() {
        signatures = new SearchSignatures();
        StreamedSignatures read = streamed;
        streamed = null;
        if (read != null) {
            adoptSignatures(read);
        }
    }

    /** Rows from {@code row} on are replaced: their signatures no longer hold. */
    void forgetFrom(int row) {
        signatures.forgetFrom(row);
    }

    /** Whether a pass runs on another thread over the rows as they were when it began. */
    boolean passRunning() {
        return addedMeanwhile != null;
    }

    /**
     * Rows appended while a pass runs on another thread, those at {@code passing} passing its filter: they join its
     * result, the rows shown stay until it comes.
     */
    void addedMeanwhile(int[] passing) {
        int count = passing.length;
        if (addedMeanwhile.length < addedMeanwhileCount + count) {
            addedMeanwhile = Arrays.copyOf(addedMeanwhile, Math.max(addedMeanwhileCount + count, addedMeanwhile.length * 2));
        }
        System.arraycopy(passing, 0, addedMeanwhile, addedMeanwhileCount, count);
        addedMeanwhileCount += count;
        addedMeanwhileEvents += count;
    }

    /**
     * Shows the rows {@code now} passes: here and now, or, for a search of many rows, on another thread, the rows shown
     * before staying until its result comes. Either way the latest filter wins: a pass still running for an earlier
     * one is dropped.
     */
    void refilter(EventFilter now) {
        takeStreamedSignatures();
        FilterPass pass = new FilterPass(now, table.events().array(), table.events().size(), table.columns(), signatures,
                table.rounds());
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

    private void stopBackgroundPass() {
        passes++;
        firstRowsShown = 0;
        if (addedMeanwhile != null) {
            background.cancel();
            addedMeanwhile = null;
            searching.set(false);
        }
    }

    /**
     * More rows the search running has found, after those it found before (from the first row on): in place of the rows
     * shown before it the first time, after those shown since then; the rest will follow them.
     */
    private void showFoundSoFar(FilterPass.Result more) {
        int[] rows = more.rows();
        ShownRows shown = table.rows();
        if (firstRowsShown == 0) {
            shown.show(rows, rows.length);
            table.setShownCount(more.events());
        } else {
            shown.append(rows, rows.length);
            table.setShownCount(table.shownCountProperty().get() + more.events());
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
        ShownRows shown = table.rows();
        if (firstRowsShown > 0) {
            int rest = passing.length - firstRowsShown;
            shown.append(Arrays.copyOfRange(passing, firstRowsShown, passing.length), rest);
            firstRowsShown = 0;
        } else {
            shown.show(passing, passing.length);
        }
        table.setShownCount(result.events() + addedEvents);
        selection.shown(now);
    }
}
