package dev.tracedeck.engine.search;

import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.engine.tasks.TaskExecutor;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One pass of a filter over the timeline's rows as they stood when it was made: which rows it shows, tested on every
 * core chunk by chunk. It holds the rows' arrays, not copies of them (see {@link RowList#array}, {@link
 * RowColumns#view}, {@link SearchSignatures#view}), so it is made on the FX thread at no cost and run there or, when it
 * would read many rows' texts, on another thread, which may show the first rows it finds before the rest.
 */
public final class FilterPass {

    /** Below this many rows a pass is tested on the calling thread alone; no chunk holds fewer. */
    private static final int PARALLEL_CHUNK = 20_000;
    /**
     * At most this many chunks: small enough that the first of five million rows are tested, and can be shown, within a
     * fraction of the pass, many enough that two cores share the work evenly.
     */
    private static final int MAX_CHUNKS = 256;
    /** How many rows found make the first part of a pass's result worth showing at once: more than a screen holds. */
    public static final int FIRST_ROWS = 200;
    /** At most this often, rows found so far are handed on: a few times a second, as the window adds rows in batches. */
    static final long HAND_ON_NANOS = 250_000_000L;
    /** How many rows a chunk tests between looks at whether the pass was cancelled. */
    private static final int CANCEL_STRIDE = 4096;

    /** The rows passed, ascending positions, and how many events they show (a request with its answer is two). */
    public record Result(int[] rows, int events) {
    }

    private final EventFilter filter;
    private final Event[] rows;
    private final int size;
    private final RowColumns columns;
    private final ColumnTest test;
    private final SearchSignatures signatures;
    private final SearchSignatures.Query query;
    private final LlmRounds rounds;
    private final Executor helpers;
    private final int parallelism;

    /** The first {@code size} of {@code rows}, with their columns, signatures and LLM-call pairs as they stand. */
    public FilterPass(EventFilter filter, Event[] rows, int size, RowColumns columns, SearchSignatures signatures, LlmRounds rounds) {
        this(filter, rows, size, columns, signatures, rounds, TaskExecutor.shared());
    }

    /** As above, with the chunks shared by the calling thread and {@code tasks}' computing pool. */
    public FilterPass(EventFilter filter, Event[] rows, int size, RowColumns columns, SearchSignatures signatures, LlmRounds rounds,
               TaskExecutor tasks) {
        this.helpers = tasks.compute();
        this.parallelism = tasks.budget().threads();
        this.filter = filter;
        this.rows = rows;
        this.size = size;
        this.columns = columns.view();
        this.test = ColumnTest.of(filter, this.columns);
        this.signatures = signatures.view();
        this.query = SearchSignatures.Query.of(filter.search());
        this.rounds = rounds;
    }

    /**
     * How many rows a search may read: every row there is (a signature rules a row out with two comparisons, but a
     * common word's rows are read whole, a third of them); none without a search, which the columns decide alone.
     */
    public int rowsSearched() {
        return filter.search().isEmpty() ? 0 : size;
    }

    public int size() {
        return size;
    }

    /** How many of the rows a search reads back from the file, a block at a time (a log's records kept there). */
    public int textsReadBack() {
        return filter.search().isEmpty() ? 0 : columns.readBack();
    }

    /**
     * The rows the filter shows. The thread, kinds and "only flagged" are tested on the row's columns; only a row they
     * pass is searched, and only when its signature allows a match. Null once {@code cancelled} says so.
     */
    public Result run(BooleanSupplier cancelled) {
        return run(cancelled, first -> { });
    }

    /**
     * As {@link #run(BooleanSupplier)}, handing {@code soFar} the rows found in the first part of the rows while the
     * rest is still being tested: a common word over millions of rows reads a third of them whole, and its first rows
     * can be shown long before the last are found. Chunks are tested in order, one at a time by each core, so the rows
     * come from the first on; {@code soFar} gets the rows of the chunks done from the first without a gap that it has not
     * had yet, first once they fill a screen ({@value #FIRST_ROWS}) or a quarter of a second has passed, then at most a
     * few times a second ({@link #HAND_ON_NANOS}). It is called on the calling thread (the one view-models are
     * handed to), and not once the whole pass is done: the result holds every row, those handed on first included.
     */
    public Result run(BooleanSupplier cancelled, Consumer<Result> soFar) {
        int chunks = Math.max(1, Math.min(MAX_CHUNKS, size / PARALLEL_CHUNK));
        Chunks tested = new Chunks(chunks, System.nanoTime());
        int workers = Math.min(chunks, parallelism);
        Runnable helper = () -> {
            tested.helping();
            try {
                while (testNextChunk(tested, cancelled)) {
                    // on to the next chunk not taken yet
                }
            } finally {
                tested.helped();
            }
        };
        for (int w = 1; w < workers; w++) {
            try {
                helpers.execute(helper);
            } catch (RejectedExecutionException closing) {
                break;  // the calling thread tests the chunks alone
            }
        }
        while (testNextChunk(tested, cancelled)) {
            tested.foundSoFar(System.nanoTime()).ifPresent(soFar);
        }
        // Only the helpers that took chunks are waited for: one still in the pool's line finds none left.
        tested.awaitHelpers();
        return tested.cancelled ? null : tested.whole();
    }

    /**
     * Tests the next chunk not taken yet; false once every chunk is taken or the pass is cancelled. Safe on any thread.
     */
    private boolean testNextChunk(Chunks tested, BooleanSupplier cancelled) {
        boolean searched = !filter.search().isEmpty();
        int c = tested.next.getAndIncrement();
        if (c >= tested.count || tested.cancelled) {
            return false;
        }
        int from = (int) ((long) size * c / tested.count);
        int to = (int) ((long) size * (c + 1) / tested.count);
        int[] part = new int[to - from];
        int n = 0;
        for (int i = from; i < to; i++) {
            if (((i - from) % CANCEL_STRIDE) == 0 && cancelled.getAsBoolean()) {
                tested.cancelled = true;
                return false;
            }
            if (test.passes(i) && (!searched || signatures.mayMatch(i, query) && shows(filter, rows[i], rounds))) {
                part[n++] = i;
            }
        }
        tested.done(c, part, n);
        return true;
    }

    /** The chunks of one pass: which is next to take, which are done, and the rows each passed. */
    private final class Chunks {

        final int count;
        final AtomicInteger next = new AtomicInteger();
        volatile boolean cancelled;
        private final int[][] parts;
        private final int[] counts;
        private final boolean[] done;
        /** The chunks done from the first on, without a gap, and the rows they passed. */
        private int prefix;
        private int prefixRows;
        /** How many of those chunks, and of their rows, were handed on so far, and when. */
        private int chunksHanded;
        private int rowsHanded;
        private long handedAt;
        /** Helpers testing chunks now. */
        private int helping;

        Chunks(int count, long began) {
            this.count = count;
            this.handedAt = began;
            this.parts = new int[count][];
            this.counts = new int[count];
            this.done = new boolean[count];
        }

        synchronized void helping() {
            helping++;
        }

        synchronized void helped() {
            helping--;
            notifyAll();
        }

        /** Waits until no helper is testing a chunk; an interrupt is kept for the caller, who sees the pass cancelled. */
        synchronized void awaitHelpers() {
            boolean interrupted = false;
            while (helping > 0) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        synchronized void done(int chunk, int[] part, int passed) {
            parts[chunk] = part;
            counts[chunk] = passed;
            done[chunk] = true;
            while (prefix < count && done[prefix]) {
                prefixRows += counts[prefix];
                prefix++;
            }
        }

        /**
         * The rows of the chunks done from the first on that were not handed on yet, when there are any and it is time:
         * the first rows once they fill a screen, or once a batch's time has passed since the pass began, and any more a
         * batch's time after the last. Empty once every chunk is done: the whole result follows at once.
         */
        synchronized Optional<Result> foundSoFar(long now) {
            boolean due = now - handedAt >= HAND_ON_NANOS || rowsHanded == 0 && prefixRows >= FIRST_ROWS;
            if (!due || prefixRows == rowsHanded || prefix == count || cancelled) {
                return Optional.empty();
            }
            Result more = joined(chunksHanded, prefix);
            chunksHanded = prefix;
            rowsHanded = prefixRows;
            handedAt = now;
            return Optional.of(more);
        }

        synchronized Result whole() {
            return joined(0, count);
        }

        private Result joined(int fromChunk, int toChunk) {
            int total = 0;
            for (int c = fromChunk; c < toChunk; c++) {
                total += counts[c];
            }
            int[] all = new int[total];
            int at = 0;
            for (int c = fromChunk; c < toChunk; c++) {
                System.arraycopy(parts[c], 0, all, at, counts[c]);
                at += counts[c];
            }
            // Count events, not rows, so the count agrees with the status bar and the kind filter.
            int events = total;
            for (int row : all) {
                if (columns.answerSeq(row) != RowColumns.NO_ANSWER) {
                    events++;
                }
            }
            return new Result(all, events);
        }
    }

    /** A row passes when its event or the answer it shows does: both are on the same thread and of one kind. */
    public static boolean shows(EventFilter filter, Event row, LlmRounds rounds) {
        if (filter.test(row)) {
            return true;
        }
        if (row.kind() != EventKind.LLM_CALL) {
            return false;
        }
        Optional<Event> answer = rounds.answerOf(row);
        return answer.isPresent() && filter.test(answer.get());
    }
}
