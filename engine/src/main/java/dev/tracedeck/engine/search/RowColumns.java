package dev.tracedeck.engine.search;

import dev.tracedeck.analysis.run.HarnessFolds;
import dev.tracedeck.analysis.run.HarnessRecords;
import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What the timeline's filter reads of each row, in primitive arrays side by side with the rows: the row's thread (a
 * number per thread id), its kind, its seq and its answer's seq. Narrowing to a thread, hiding kinds and showing only
 * flagged rows then test an array element per row instead of following each event's references, which on millions of
 * rows is the difference between a pass of a few milliseconds and one of half a second. Rows are added at the end
 * and dropped from a position on, as the timeline's own list of rows is.
 */
public final class RowColumns {

    /** A row whose LLM call has no answer shown with it, or that is not an LLM call. */
    public static final int NO_ANSWER = -1;

    private final Map<String, Integer> threadNumbers;
    private int size;
    private int[] thread = new int[64];
    private byte[] kind = new byte[64];
    private int[] seq = new int[64];
    private int[] answerSeq = new int[64];
    /** Whether the row is a harness record ({@link HarnessRecords}), which the timeline may fold into its step. */
    private boolean[] harness = new boolean[64];
    /** How many rows a search reads back from the file ({@link EventFilter#readsTextBack}); at most that after a truncate. */
    private int readBack;

    public RowColumns() {
        this.threadNumbers = new HashMap<>();
    }

    private RowColumns(RowColumns now) {
        // Read on the FX thread only, where a pass's column test is made.
        this.threadNumbers = now.threadNumbers;
        this.size = now.size;
        this.thread = now.thread;
        this.kind = now.kind;
        this.seq = now.seq;
        this.answerSeq = now.answerSeq;
        this.harness = now.harness;
        this.readBack = now.readBack;
    }

    /**
     * The columns as they stand, for a filter pass on another thread: adding rows writes past their end or into new
     * arrays, so what it reads stays as it was; only {@link #truncate} and adding after it write over it.
     */
    public RowColumns view() {
        return new RowColumns(this);
    }

    /** Adds {@code row}, shown with the answer {@code rounds} pairs it with, after the rows there are. */
    public void add(Event row, LlmRounds rounds) {
        if (size == seq.length) {
            int capacity = size + (size >> 1) + 16;
            thread = Arrays.copyOf(thread, capacity);
            kind = Arrays.copyOf(kind, capacity);
            seq = Arrays.copyOf(seq, capacity);
            answerSeq = Arrays.copyOf(answerSeq, capacity);
            harness = Arrays.copyOf(harness, capacity);
        }
        thread[size] = threadNumbers.computeIfAbsent(row.threadId(), id -> threadNumbers.size());
        kind[size] = (byte) row.kind().ordinal();
        seq[size] = row.seq();
        answerSeq[size] = row.kind() == EventKind.LLM_CALL
                ? rounds.answerOf(row).map(Event::seq).orElse(NO_ANSWER) : NO_ANSWER;
        harness[size] = HarnessRecords.isHarness(row);
        if (EventFilter.readsTextBack(row)) {
            readBack++;
        }
        size++;
    }

    /** Takes over the columns of {@code made}, which nobody uses after, in place of none: these must have no rows. */
    public void adopt(RowColumns made) {
        if (size != 0 || !threadNumbers.isEmpty()) {
            throw new IllegalStateException("columns to adopt into columns of " + size + " rows");
        }
        threadNumbers.putAll(made.threadNumbers);
        size = made.size;
        thread = made.thread;
        kind = made.kind;
        seq = made.seq;
        answerSeq = made.answerSeq;
        harness = made.harness;
        readBack = made.readBack;
    }

    /**
     * Drops the rows from position {@code from} on; thread numbers stay given. The count of rows read back is not
     * recounted: it stays an upper bound, which only decides where a search runs.
     */
    public void truncate(int from) {
        size = Math.min(size, from);
        readBack = Math.min(readBack, size);
    }

    /** How many of the rows a search reads back from the file (see {@link EventFilter#readsTextBack}). */
    public int readBack() {
        return readBack;
    }

    public int size() {
        return size;
    }

    /** The number the rows of {@code threadId} carry, or -1 when no row is of it. */
    public int threadNumber(String threadId) {
        return threadNumbers.getOrDefault(threadId, -1);
    }

    public int thread(int row) {
        return thread[row];
    }

    public int kindOrdinal(int row) {
        return kind[row];
    }

    public int seq(int row) {
        return seq[row];
    }

    /** Whether the row is a harness record. */
    public boolean harness(int row) {
        return harness[row];
    }

    /** For each thread number, whether {@code folds} has a step of that thread to fold its harness records into. */
    public boolean[] threadsHosted(HarnessFolds folds) {
        boolean[] hosted = new boolean[threadNumbers.size()];
        threadNumbers.forEach((id, number) -> hosted[number] = folds.hosts(id));
        return hosted;
    }

    /** The seq of the answer shown in the row, or {@link #NO_ANSWER}. */
    public int answerSeq(int row) {
        return answerSeq[row];
    }
}
