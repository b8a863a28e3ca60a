package dev.tracedeck.desktop.timeline;

import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;

/**
 * One pass of a filter over the timeline's rows as they stood when it was made: which rows it shows, tested on every
 * core chunk by chunk. It holds the rows' arrays, not copies of them (see {@link RowList#array}, {@link
 * RowColumns#view}, {@link SearchSignatures#view}), so it is made on the FX thread at no cost and run there or, when it
 * would read many rows' texts, on another thread.
 */
final class FilterPass {

    /** Below this many rows a pass is tested on the calling thread alone. */
    private static final int PARALLEL_CHUNK = 50_000;
    /** How many rows a chunk tests between looks at whether the pass was cancelled. */
    private static final int CANCEL_STRIDE = 4096;

    /** The rows passed, ascending positions, and how many events they show (a request with its answer is two). */
    record Result(int[] rows, int events) {
    }

    private final EventFilter filter;
    private final Event[] rows;
    private final int size;
    private final RowColumns columns;
    private final ColumnTest test;
    private final SearchSignatures signatures;
    private final SearchSignatures.Query query;
    private final LlmRounds rounds;

    /** The first {@code size} of {@code rows}, with their columns, signatures and LLM-call pairs as they stand. */
    FilterPass(EventFilter filter, Event[] rows, int size, RowColumns columns, SearchSignatures signatures, LlmRounds rounds) {
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
    int rowsSearched() {
        return filter.search().isEmpty() ? 0 : size;
    }

    int size() {
        return size;
    }

    /**
     * The rows the filter shows. The thread, kinds and "only flagged" are tested on the row's columns; only a row they
     * pass is searched, and only when its signature allows a match. Null once {@code cancelled} says so.
     */
    Result run(BooleanSupplier cancelled) {
        boolean searched = !filter.search().isEmpty();
        int chunks = Math.max(1, Math.min(64, size / PARALLEL_CHUNK));
        int[][] parts = new int[chunks][];
        int[] counts = new int[chunks];
        IntStream.range(0, chunks).parallel().forEach(c -> {
            int from = (int) ((long) size * c / chunks);
            int to = (int) ((long) size * (c + 1) / chunks);
            int[] part = new int[to - from];
            int n = 0;
            for (int i = from; i < to; i++) {
                if (((i - from) % CANCEL_STRIDE) == 0 && cancelled.getAsBoolean()) {
                    counts[c] = -1;
                    return;
                }
                if (test.passes(i) && (!searched || signatures.mayMatch(i, query) && shows(filter, rows[i], rounds))) {
                    part[n++] = i;
                }
            }
            parts[c] = part;
            counts[c] = n;
        });
        int total = 0;
        for (int n : counts) {
            if (n < 0) {
                return null;
            }
            total += n;
        }
        int[] all = new int[total];
        int at = 0;
        for (int c = 0; c < chunks; c++) {
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

    /** A row passes when its event or the answer it shows does: both are on the same thread and of one kind. */
    static boolean shows(EventFilter filter, Event row, LlmRounds rounds) {
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
