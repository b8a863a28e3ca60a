package dev.tracedeck.desktop.common;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A runner the test drives by hand: jobs wait until {@link #runNext()}, so a test can look at the state while
 * work is pending, report progress, or cancel. Cancelling a job that has not run fires its cancelled callback
 * at once, as a JavaFX Task cancelled on the FX thread does.
 */
public final class ManualTaskRunner implements TaskRunner {

    private final Deque<BackgroundJob<?>> pending = new ArrayDeque<>();

    @Override
    public TaskHandle submit(BackgroundJob<?> job) {
        pending.add(job);
        return () -> {
            if (pending.remove(job)) {
                job.cancelled();
            }
        };
    }

    public int pendingCount() {
        return pending.size();
    }

    /** Reports progress for the oldest pending job without finishing it. */
    public void progressNext(double fraction) {
        pending.getFirst().progressed(fraction);
    }

    /** Runs the oldest pending job here and now, callbacks included. */
    public void runNext() {
        BackgroundJob<?> job = pending.removeFirst();
        Object result;
        try {
            result = job.run(TaskContext.NONE);
        } catch (Exception e) {
            job.failed(e);
            return;
        }
        job.succeeded(result);
    }
}
