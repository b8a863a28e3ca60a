package dev.tracedeck.desktop.findings;

import dev.tracedeck.analysis.rules.ChecksAhead;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.model.trace.TraceThread;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The checks of a file's threads while the file is still read: each thread its importer says is read to its end is
 * checked at once, beside the import, and its checklist handed to {@code checked} (the findings panel of the tab still
 * loading). Once the trace is built, {@link #checker()} gives the rules' verdict on it, taking the checklists made
 * here for the threads the trace holds as they were read and checking the others ({@link ChecksAhead}): the verdict
 * checking the built trace alone gives, sooner, since most of it was made while the file was read. Stopped (the
 * import cancelled or failed, the file closed), it starts no more checks and hands on no checklist.
 */
public final class ChecksDuringImport {

    private static final System.Logger LOG = System.getLogger(ChecksDuringImport.class.getName());

    private final Validator validator;
    private final ChecksAhead ahead;
    private final Executor beside;
    /** The loading tab's panel, until it goes: it holds the whole file as read, which the finished views replace. */
    private volatile Consumer<ThreadChecklist> checked;
    private final Object lock = new Object();
    /** Checks handed to {@code beside} and not ended yet. */
    private int running;
    private volatile boolean stopped;

    /**
     * @param beside  where the threads are checked, beside the import (a pool with a thread per core)
     * @param checked hears each thread's checklist as it is done, from the thread that checked it
     */
    public ChecksDuringImport(Validator validator, Executor beside, Consumer<ThreadChecklist> checked) {
        this.validator = validator;
        this.ahead = new ChecksAhead(validator);
        this.beside = beside;
        this.checked = checked;
    }

    /** On the importing thread, for each thread read to its end, in the order they are read. */
    public void threadRead(TraceThread thread, String rulesFormat) {
        if (stopped) {
            return;
        }
        Supplier<ThreadChecklist> check = ahead.read(thread, rulesFormat);
        synchronized (lock) {
            running++;
        }
        try {
            beside.execute(() -> {
                try {
                    check(check, thread);
                } finally {
                    ended();
                }
            });
        } catch (RejectedExecutionException e) {
            // The window is closing: the thread is checked with the trace, if anybody still asks.
            ended();
        }
    }

    private void check(Supplier<ThreadChecklist> check, TraceThread thread) {
        if (stopped) {
            return;
        }
        ThreadChecklist checklist;
        try {
            checklist = check.get();
        } catch (RuntimeException e) {
            // The thread is checked again with the trace, where a failure reaches the panel as checking's does.
            LOG.log(System.Logger.Level.DEBUG, "checking thread " + thread.id() + " as read failed", e);
            return;
        }
        Consumer<ThreadChecklist> panel = checked;
        if (!stopped && panel != null) {
            panel.accept(checklist);
        }
    }

    private void ended() {
        synchronized (lock) {
            running--;
            lock.notifyAll();
        }
    }

    /**
     * The rules for the trace once built: waits for the checks under way, then makes the verdict, checking only the
     * threads that were not checked as read or have changed since. Interrupted (its check cancelled), it stops.
     */
    public TraceChecker checker() {
        return (trace, checkedThread) -> {
            synchronized (lock) {
                while (running > 0 && !stopped) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        stop();
                        Thread.currentThread().interrupt();
                        throw new CancellationException("checks of " + trace.file() + " cancelled");
                    }
                }
            }
            if (stopped) {
                throw new CancellationException("checks of " + trace.file() + " stopped");
            }
            try {
                return validator.validateThreads(trace, ahead, checkedThread);
            } finally {
                // What was checked ahead and not taken (threads the trace holds otherwise) is of no more use.
                ahead.clear();
            }
        };
    }

    /**
     * The import ended with a trace: the checks go on, for {@link #checker()}, but hand their checklists to nobody, so
     * the loading tab they were shown in can go.
     */
    public void imported() {
        checked = null;
    }

    /** Starts no more checks and hands on no more checklists: the file was closed or its import ended without a trace. */
    public void stop() {
        stopped = true;
        checked = null;
        synchronized (lock) {
            lock.notifyAll();
        }
    }

    /** How many threads the verdict took as they were checked while read. */
    public int usedAsRead() {
        return ahead.used();
    }
}
