package dev.tracedeck.cli;

import dev.tracedeck.analysis.rules.ChecksAhead;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * A file's threads checked while the file is still read, for the commands that check what they read: each thread its
 * importer says is read to its end ({@link ImportListener#threadRead}, a file of conversations, one a line) is checked
 * beside the import, on half the cores (the import parses its lines on every core, and on two it leaves much of the
 * second idle). {@link #verdict} then takes those checklists for the threads the built trace holds exactly as they
 * were read ({@link ChecksAhead}), runs the checks not started yet and checks every other thread: the verdict checking
 * the built trace alone gives. Everything else this listener hears goes on to {@code progress}.
 */
final class ChecksWhileReading implements ImportListener, AutoCloseable {

    private final Validator validator;
    private final ImportListener progress;
    private final ChecksAhead ahead;
    private final ExecutorService beside;

    ChecksWhileReading(Validator validator, ImportListener progress) {
        this.validator = validator;
        this.progress = progress;
        this.ahead = new ChecksAhead(validator);
        AtomicInteger made = new AtomicInteger();
        // Daemons: a command that fails while reading must still exit.
        this.beside = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors() / 2), task -> {
            Thread thread = new Thread(task, "tracedeck-checks-" + made.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public void threadRead(TraceThread thread, String rulesFormat) {
        ChecksAhead.Check check = ahead.read(thread, rulesFormat);
        try {
            beside.execute(() -> runQuietly(check));
        } catch (RejectedExecutionException e) {
            // Closed: the verdict checks the thread itself.
        }
    }

    /** A check that fails here is run again by the verdict, which reports the failure as any check's. */
    private static void runQuietly(ChecksAhead.Check check) {
        try {
            check.run();
        } catch (RuntimeException e) {
            // The verdict checks this thread again.
        }
    }

    @Override
    public void progress(long bytesRead, long totalBytes) {
        progress.progress(bytesRead, totalBytes);
    }

    @Override
    public void added(Event event) {
        progress.added(event);
    }

    @Override
    public boolean isCancelled() {
        return progress.isCancelled();
    }

    /**
     * The rules' verdict on {@code trace}, the trace this listener heard being read, telling {@code checked} how many of
     * its threads are done each time one is (from the threads that check them).
     */
    Validation verdict(Trace trace, IntConsumer checked) {
        AtomicInteger done = new AtomicInteger();
        try {
            return validator.validateThreads(trace, ahead, checklist -> checked.accept(done.incrementAndGet()));
        } finally {
            ahead.clear(); // what was checked ahead and not taken is of no more use
        }
    }

    /** How many threads the verdict took as they were read, checked here or by itself: none was checked twice. */
    int usedAsRead() {
        return ahead.used();
    }

    /** Starts no more checks. */
    @Override
    public void close() {
        ahead.clear();
        beside.shutdownNow();
    }
}
