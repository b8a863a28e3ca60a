package dev.tracedeck.desktop.timeline;

import dev.tracedeck.analysis.run.HarnessFolds;
import dev.tracedeck.analysis.run.RunWords;
import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.engine.search.RowColumns;
import dev.tracedeck.engine.search.RowList;
import dev.tracedeck.model.event.Event;
import java.util.List;

/**
 * A trace's timeline rows and the columns its filter reads, made where the trace is loaded, off the FX thread: made by
 * the timeline itself, they would hold the FX thread between a big file's last line read and its views shown. Made for one timeline, of these very events and pairs, which takes them over; a timeline made
 * of them again, or of other events, makes its own.
 */
public final class TimelineRows {

    /** Rows made for no timeline: each makes its own. */
    public static final TimelineRows NONE = new TimelineRows(null, null, null, null, "", null, null);

    private final List<Event> trace;
    private final LlmRounds rounds;
    private RowList rows;
    private RowColumns columns;
    private final String widestTime;
    private final RunWords words;
    private final HarnessFolds folds;

    private TimelineRows(List<Event> trace, LlmRounds rounds, RowList rows, RowColumns columns, String widestTime,
                         RunWords words, HarnessFolds folds) {
        this.trace = trace;
        this.rounds = rounds;
        this.rows = rows;
        this.columns = columns;
        this.widestTime = widestTime;
        this.words = words;
        this.folds = folds;
    }

    /** The rows of {@code trace}'s events, an LLM call's answer shown in its request's row as {@code rounds} pairs them. */
    public static TimelineRows of(List<Event> trace, LlmRounds rounds) {
        return of(trace, rounds, wordsOf(trace));
    }

    /** As {@link #of(List, LlmRounds)}, the summaries said with {@code words} (a whole trace's: its model calls' usage). */
    public static TimelineRows of(List<Event> trace, LlmRounds rounds, RunWords words) {
        RowList rows = new RowList();
        RowColumns columns = new RowColumns();
        add(trace, rounds, rows, columns);
        return new TimelineRows(trace, rounds, rows, columns, TimelineTableViewModel.widestTime(trace), words,
                HarnessFolds.of(trace));
    }

    /** Words that know the calls' tools of {@code events}, without a trace's records. */
    static RunWords wordsOf(List<Event> events) {
        RunWords words = RunWords.growing();
        events.forEach(words::add);
        return words;
    }

    static void add(List<Event> trace, LlmRounds rounds, RowList rows, RowColumns columns) {
        for (Event event : trace) {
            if (!rounds.isPairedAnswer(event)) {
                rows.add(event);
                columns.add(event, rounds);
            }
        }
    }

    /**
     * Hands the rows to the timeline of {@code trace} paired by {@code rounds}, the very ones they were made of, once;
     * null when they were made of others or are taken.
     */
    synchronized TimelineRows take(List<Event> trace, LlmRounds rounds) {
        if (rows == null || trace != this.trace || rounds != this.rounds) {
            return null;
        }
        TimelineRows taken = new TimelineRows(trace, rounds, rows, columns, widestTime, words, folds);
        rows = null;
        columns = null;
        return taken;
    }

    RowList rows() {
        return rows;
    }

    RowColumns columns() {
        return columns;
    }

    String widestTime() {
        return widestTime;
    }

    RunWords words() {
        return words;
    }

    HarnessFolds folds() {
        return folds;
    }
}
