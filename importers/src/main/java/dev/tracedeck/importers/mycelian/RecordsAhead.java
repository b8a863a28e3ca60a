package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.ImportCancelledException;
import dev.tracedeck.importers.ImportListener;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A log's records handed from the thread that reads its lines to the one that takes them into the trace, in
 * batches and in order ({@link LogReading#readAhead}). Few batches are in flight: the batch JVM moves whatever is
 * live at a collection to the old generation, so records waiting here would outlive their use.
 */
final class RecordsAhead implements LogReading.Steps {

    /** Steps per batch: a hand-over per batch, not per record, and a batch small next to the young generation. */
    static final int BATCH_STEPS = 4096;
    static final int BATCHES_AHEAD = 4;

    /** What the reader could not read, handed over after the steps before it. */
    private record Unread(RecordText record, String reason) {
    }

    private record Problem(int line, String message) {
    }

    /** Consecutive steps: a {@link RecordText} to add, an {@link Unread}, a {@link Problem}. */
    private static final class Batch {
        final Object[] steps = new Object[BATCH_STEPS];
        int size;
        long lines;
        /** Set on the last batch: why the reading stopped early, or null when it read to the end. */
        Throwable failure;
        boolean last;
    }

    /** Reads lines up to the end; what it throws ends the reading. */
    @FunctionalInterface
    interface Reading {
        void run() throws IOException, ImportCancelledException;
    }

    private final BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(BATCHES_AHEAD);
    /** Set by the taking thread when it stops early: the reader stops at its next check. */
    private volatile boolean stopped;
    private Batch filling = new Batch();

    // --- the reading thread ---------------------------------------------------------------------------------

    /** Runs {@code reading} and hands over what it read, and then how it ended. */
    void produce(Reading reading) {
        try {
            reading.run();
        } catch (Throwable t) {
            filling.failure = t;
        }
        filling.last = true;
        hand(filling);
    }

    /** Stops the reading when the taking thread stopped. */
    void checkStopped() throws ImportCancelledException {
        if (stopped) {
            throw new ImportCancelledException("the reading was stopped");
        }
    }

    @Override
    public void add(RecordText record) {
        put(record);
    }

    @Override
    public void unread(RecordText record, String reason) {
        put(new Unread(record, reason));
    }

    @Override
    public void problem(int line, String message) {
        put(new Problem(line, message));
    }

    @Override
    public void line() {
        filling.lines++;
    }

    private void put(Object step) {
        filling.steps[filling.size++] = step;
        if (filling.size == BATCH_STEPS) {
            hand(filling);
            filling = new Batch();
        }
    }

    private void hand(Batch batch) {
        try {
            queue.put(batch);
        } catch (InterruptedException e) {
            // The taking thread is gone (its executor shut down): nobody waits for the rest.
            stopped = true;
            Thread.currentThread().interrupt();
        }
    }

    // --- the taking thread ----------------------------------------------------------------------------------

    /**
     * Takes every step into {@code assembly} in order until the reading ends, reporting {@code progress} after each
     * batch and looking for a cancel request between batches; rethrows what ended the reading early.
     */
    void consume(TraceAssembly assembly, ImportListener listener, String name, Runnable progress)
            throws IOException, ImportCancelledException {
        Batch batch = null;
        try {
            while (true) {
                batch = take();
                assembly.tally().lines += batch.lines;
                for (int i = 0; i < batch.size; i++) {
                    apply(batch.steps[i], assembly);
                }
                progress.run();
                if (batch.last) {
                    rethrow(batch.failure);
                    return;
                }
                if (listener.isCancelled()) {
                    throw new ImportCancelledException(name);
                }
            }
        } finally {
            if (batch == null || !batch.last) {
                stopped = true;
                drain();
            }
        }
    }

    private static void apply(Object step, TraceAssembly assembly) {
        if (step instanceof RecordText record) {
            assembly.add(record);
        } else if (step instanceof Unread unread) {
            assembly.unread(unread.record(), unread.reason());
        } else {
            Problem problem = (Problem) step;
            assembly.tally().problem(problem.line(), problem.message());
        }
    }

    private Batch take() throws InterruptedIOException {
        try {
            return queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading a log");
        }
    }

    /** Lets a stopped reader hand over its last batch and end. */
    private void drain() {
        if (Thread.currentThread().isInterrupted()) {
            return;  // the reader is interrupted with this thread's executor
        }
        try {
            Batch batch;
            do {
                batch = queue.take();
            } while (!batch.last);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void rethrow(Throwable failure) throws IOException, ImportCancelledException {
        if (failure == null) {
            return;
        }
        if (failure instanceof IOException io) {
            throw io;
        }
        if (failure instanceof ImportCancelledException cancelled) {
            throw cancelled;
        }
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        throw new UncheckedIOException(new IOException(failure));
    }
}
