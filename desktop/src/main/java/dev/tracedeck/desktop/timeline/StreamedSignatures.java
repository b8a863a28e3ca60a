package dev.tracedeck.desktop.timeline;

import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.engine.search.SearchSignatures;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * The search signatures ({@link SearchSignatures}) of a file's events, made as the file is read: its importer hands
 * each event over ({@link #add}), and every few thousand events are signed on a worker beside the import, so that the
 * timeline of the file being read searches with them, and once the file is read {@link #finish} leaves the signatures
 * of the finished timeline's rows made, the import's thread signing the last events itself. A row's signature is its
 * event's and its answer's together: a pair of chars is never taken across two texts, so the two are one signature.
 * Thread-safe.
 */
public final class StreamedSignatures {

    /** Events signed at a time: small enough that the last ones are signed soon after the file is read. */
    static final int CHUNK = 8192;

    private final Executor workers;
    private final Queue<Chunk> waiting = new ConcurrentLinkedQueue<>();
    /** Every chunk handed over, in order: chunk {@code i} holds the events from {@code i * CHUNK}. Guarded by this. */
    private final List<Chunk> chunks = new ArrayList<>();
    /** The events added since the last chunk; the importing thread's alone. */
    private Event[] filling = new Event[CHUNK];
    private int filled;
    private int added;
    private volatile boolean stopped;
    /** The finished rows' signatures, once {@link #finish} made them. */
    private volatile FinishedRows finished;

    private record FinishedRows(SearchSignatures.Signed signed, Event first, Event last) {
    }

    /** Events to sign and, once signed, their signatures. */
    private static final class Chunk {
        final Event[] events;
        final long[] low;
        final long[] high;
        final CountDownLatch done = new CountDownLatch(1);

        Chunk(Event[] events) {
            this.events = events;
            this.low = new long[events.length];
            this.high = new long[events.length];
        }

        void sign() {
            for (int i = 0; i < events.length; i++) {
                long[] bits = SearchSignatures.of(events[i]);
                low[i] = bits[0];
                high[i] = bits[1];
            }
            done.countDown();
        }

        boolean isDone() {
            return done.getCount() == 0;
        }
    }

    /** @param workers where chunks of events are signed beside the import (half the cores in the app) */
    public StreamedSignatures(Executor workers) {
        this.workers = workers;
    }

    /** On the importing thread, for each event as it is read, in the order they are read. */
    public void add(Event event) {
        filling[filled++] = event;
        added++;
        if (filled == CHUNK) {
            handOver();
        }
    }

    private void handOver() {
        Chunk chunk = new Chunk(filled == CHUNK ? filling : Arrays.copyOf(filling, filled));
        filling = new Event[CHUNK];
        filled = 0;
        synchronized (this) {
            chunks.add(chunk);
        }
        waiting.add(chunk);
        try {
            workers.execute(this::signWaiting);
        } catch (RejectedExecutionException closing) {
            // The window is closing: nobody will search; finish signs what is left if it is still asked to.
        }
    }

    private void signWaiting() {
        Chunk chunk = stopped ? null : waiting.poll();
        if (chunk != null) {
            chunk.sign();
        }
    }

    /**
     * The signatures made of the events from {@code from} on, below {@code upTo}, as far as they are made without a
     * gap; empty when the event at {@code from} is not signed yet. On any thread: the timeline of the file being read
     * asks on the FX thread, one row per event.
     */
    Optional<SearchSignatures.Signed> signed(int from, int upTo) {
        List<Chunk> made = new ArrayList<>();
        synchronized (this) {
            for (int c = from / CHUNK; c < chunks.size() && (long) c * CHUNK < upTo && chunks.get(c).isDone(); c++) {
                made.add(chunks.get(c));
            }
        }
        int end = Math.min(upTo, from / CHUNK * CHUNK + made.stream().mapToInt(c -> c.events.length).sum());
        if (end <= from) {
            return Optional.empty();
        }
        long[] low = new long[end - from];
        long[] high = new long[end - from];
        for (int at = from; at < end; ) {
            Chunk chunk = made.get(at / CHUNK - from / CHUNK);
            int in = at % CHUNK;
            int n = Math.min(chunk.events.length - in, end - at);
            System.arraycopy(chunk.low, in, low, at - from, n);
            System.arraycopy(chunk.high, in, high, at - from, n);
            at += n;
        }
        return Optional.of(new SearchSignatures.Signed(from, low, high));
    }

    /**
     * On the importing thread once the file is read, {@code trace} being its events in seq order as read: signs the
     * events no worker has taken yet here, waits for those being signed, and makes the signatures of the rows a
     * timeline of {@code trace} has (a paired answer shown in its request's row) for {@link #rowsSigned}. Rows from
     * the first whose event (or answer) is not the very event read, say one made anew once read, are left unsigned.
     */
    public void finish(List<Event> trace, LlmRounds rounds) throws InterruptedException {
        if (filled > 0) {
            handOver();
        }
        for (Chunk chunk; (chunk = waiting.poll()) != null; ) {
            chunk.sign();
        }
        List<Chunk> all;
        synchronized (this) {
            all = List.copyOf(chunks);
        }
        for (Chunk chunk : all) {
            chunk.done.await();
        }
        long[] low = new long[trace.size()];
        long[] high = new long[trace.size()];
        int rows = 0;
        Event first = null;
        Event last = null;
        for (int i = 0; i < trace.size(); i++) {
            Event event = trace.get(i);
            if (rounds.isPairedAnswer(event)) {
                continue;
            }
            if (!isRead(all, i, event)) {
                break;
            }
            long rowLow = all.get(i / CHUNK).low[i % CHUNK];
            long rowHigh = all.get(i / CHUNK).high[i % CHUNK];
            Optional<Event> answer = event.kind() == EventKind.LLM_CALL ? rounds.answerOf(event) : Optional.empty();
            if (answer.isPresent()) {
                int a = answer.get().seq();
                if (!isRead(all, a, answer.get())) {
                    break;
                }
                rowLow |= all.get(a / CHUNK).low[a % CHUNK];
                rowHigh |= all.get(a / CHUNK).high[a % CHUNK];
            }
            low[rows] = rowLow;
            high[rows] = rowHigh;
            first = first == null ? event : first;
            last = event;
            rows++;
        }
        finished = new FinishedRows(new SearchSignatures.Signed(0, Arrays.copyOf(low, rows), Arrays.copyOf(high, rows)),
                first, last);
        // The events' own signatures served the file being read: that timeline is done with.
        synchronized (this) {
            chunks.clear();
        }
    }

    /** Whether {@code event} is the one read {@code at}-th. */
    private boolean isRead(List<Chunk> all, int at, Event event) {
        return at >= 0 && at < added && all.get(at / CHUNK).events[at % CHUNK] == event;
    }

    /** The signatures {@link #finish} made, from the first row on, when they are of {@code rows}; else empty. */
    Optional<SearchSignatures.Signed> rowsSigned(List<Event> rows) {
        FinishedRows made = finished;
        if (made == null) {
            return Optional.empty();
        }
        int count = made.signed().low().length;
        if (count == 0 || count > rows.size() || rows.get(0) != made.first() || rows.get(count - 1) != made.last()) {
            return Optional.empty();
        }
        // Taken once: the timeline installs the arrays as its own.
        finished = null;
        return Optional.of(made.signed());
    }

    /** Signs no more: the import stopped, or failed. */
    public void stop() {
        stopped = true;
        waiting.clear();
    }
}
