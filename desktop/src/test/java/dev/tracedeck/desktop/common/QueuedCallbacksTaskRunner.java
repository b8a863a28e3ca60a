package dev.tracedeck.desktop.common;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Executor;

/**
 * A runner that runs each job's work when told, on the test's thread, and keeps the callbacks — what running work
 * hands over through {@link #callbacks()} and the job's own outcome — in order until the test runs them, as the FX
 * thread's queue holds them until it gets to them. Cancelling drops nothing: a result the cancel came too late for
 * still arrives, as in the app.
 */
public final class QueuedCallbacksTaskRunner implements TaskRunner {

    private final Deque<BackgroundJob<?>> jobs = new ArrayDeque<>();
    private final Deque<Runnable> callbacks = new ArrayDeque<>();

    @Override
    public TaskHandle submit(BackgroundJob<?> job) {
        jobs.add(job);
        return () -> { };
    }

    @Override
    public Executor callbacks() {
        return callbacks::add;
    }

    /** Runs the oldest job's work; its outcome joins the callbacks. */
    public void work() {
        BackgroundJob<?> job = jobs.removeFirst();
        callbacks.add(outcome(job));
    }

    public int callbackCount() {
        return callbacks.size();
    }

    public boolean noCallbacks() {
        return callbacks.isEmpty();
    }

    /** Runs the oldest callback, as the FX thread would. */
    public void runCallback() {
        callbacks.removeFirst().run();
    }

    private static <T> Runnable outcome(BackgroundJob<T> job) {
        try {
            T result = job.run(TaskContext.NONE);
            return () -> job.succeeded(result);
        } catch (Exception e) {
            return () -> job.failed(e);
        }
    }
}
