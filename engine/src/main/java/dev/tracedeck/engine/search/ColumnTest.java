package dev.tracedeck.engine.search;

import dev.tracedeck.model.event.EventKind;

/**
 * The part of an {@link EventFilter} that a row's columns answer: its thread, its kind and, for "only flagged",
 * whether the row or the answer shown in it is evidence. A request and its answer are of one thread and one kind, so
 * for a filter with no search this is the whole of whether the timeline shows the row; with a search, a row it fails
 * is not shown and one it passes is searched.
 */
public final class ColumnTest {

    private final RowColumns columns;
    /** The thread's number, or {@link #ANY_THREAD}; a thread with no row gets -1, which no row carries. */
    private final int thread;
    private final long kinds;
    private final boolean onlyFlagged;
    private final EvidenceIndex evidence;
    /** By thread number, whether its harness rows fold away; null when none does. */
    private final boolean[] folding;

    private static final int ANY_THREAD = Integer.MIN_VALUE;

    private ColumnTest(RowColumns columns, int thread, long kinds, boolean onlyFlagged, EvidenceIndex evidence,
                       boolean[] folding) {
        this.columns = columns;
        this.folding = folding;
        this.thread = thread;
        this.kinds = kinds;
        this.onlyFlagged = onlyFlagged;
        this.evidence = evidence;
    }

    public static ColumnTest of(EventFilter filter, RowColumns columns) {
        int thread = filter.threadId().map(columns::threadNumber).orElse(ANY_THREAD);
        long kinds = 0;
        for (EventKind kind : filter.kinds()) {
            kinds |= 1L << kind.ordinal();
        }
        boolean[] folding = filter.harness().folded() ? columns.threadsHosted(filter.harness().folds()) : null;
        return new ColumnTest(columns, thread, kinds, filter.onlyFlagged(), filter.evidence(), folding);
    }

    public boolean passes(int row) {
        if (thread != ANY_THREAD && columns.thread(row) != thread) {
            return false;
        }
        if ((kinds & (1L << columns.kindOrdinal(row))) == 0) {
            return false;
        }
        if (folding != null && columns.harness(row) && columns.thread(row) < folding.length && folding[columns.thread(row)]) {
            return false;
        }
        if (!onlyFlagged) {
            return true;
        }
        int answer = columns.answerSeq(row);
        return evidence.isFlagged(columns.seq(row)) || answer != RowColumns.NO_ANSWER && evidence.isFlagged(answer);
    }
}
