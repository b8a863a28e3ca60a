package dev.tracedeck.desktop.common;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * A runner whose jobs wait until it is {@link #open}ed, then go to the runner it wraps in the order submitted; once
 * open it is that runner. The window holds its imports until its first frame is laid out: the import of a big file
 * reads on every core, and begun while the window's first pulse styled and laid out the scene it made that pulse two to
 * three times as long on two cores. Used on the FX thread only.
 */
public final class GatedTaskRunner implements TaskRunner {

    private final TaskRunner runner;
    private List<Waiting> waiting = new ArrayList<>();

    /** A job submitted before the gate opened, and its handle once it was handed on. */
    private static final class Waiting {
        final BackgroundJob<?> job;
        TaskHandle handed;
        boolean cancelled;

        Waiting(BackgroundJob<?> job) {
            this.job = job;
        }
    }

    public GatedTaskRunner(TaskRunner runner) {
        this.runner = runner;
    }

    @Override
    public TaskHandle submit(BackgroundJob<?> job) {
        if (waiting == null) {
            return runner.submit(job);
        }
        Waiting w = new Waiting(job);
        waiting.add(w);
        return () -> {
            if (w.handed != null) {
                w.handed.cancel();
            } else if (!w.cancelled) {
                w.cancelled = true;
                job.cancelled();
            }
        };
    }

    /** Hands on every job that waits, in order, and every later one at once. Opening it again does nothing. */
    public void open() {
        if (waiting == null) {
            return;
        }
        List<Waiting> now = waiting;
        waiting = null;
        for (Waiting w : now) {
            if (!w.cancelled) {
                w.handed = runner.submit(w.job);
            }
        }
    }

    @Override
    public Executor callbacks() {
        return runner.callbacks();
    }

    @Override
    public Executor beside() {
        return runner.beside();
    }
}
