package dev.tracedeck.cli;

import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.engine.checks.ChecksAsRead;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * A command's listener to the file it reads: the threads read to their end are checked beside the import
 * ({@link ChecksAsRead}, the window's import does the same) on half the cores (the import parses its lines on every
 * core, and on two it leaves much of the second idle); everything else this listener hears goes on to
 * {@code progress}. {@link #verdict} is then the verdict checking the built trace alone gives.
 */
final class ChecksWhileReading implements ImportListener, AutoCloseable {

    private final ImportListener progress;
    private final ExecutorService beside;
    private final ChecksAsRead checks;

    ChecksWhileReading(Validator validator, ImportListener progress) {
        this.progress = progress;
        AtomicInteger made = new AtomicInteger();
        // Daemons: a command that fails while reading must still exit.
        this.beside = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors() / 2), task -> {
            Thread thread = new Thread(task, "tracedeck-checks-" + made.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        // A command shows no checklist before the verdict: nobody hears them as they are done.
        this.checks = new ChecksAsRead(validator, beside, checklist -> { });
    }

    @Override
    public void threadRead(TraceThread thread, String rulesFormat) {
        checks.threadRead(thread, rulesFormat);
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
        return checks.verdict(trace, checklist -> checked.accept(done.incrementAndGet()));
    }

    /** How many threads the verdict took as they were read, checked here or by itself: none was checked twice. */
    int usedAsRead() {
        return checks.usedAsRead();
    }

    /** Starts no more checks. */
    @Override
    public void close() {
        checks.stop();
        beside.shutdownNow();
    }
}
