package dev.tracedeck.desktop.common;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;

/**
 * Runs each job at once on the calling thread, callbacks included: view-model tests get deterministic
 * results without a toolkit, threads or waiting.
 */
public final class SyncTaskRunner implements TaskRunner {

    /** Callbacks posted from other threads (a job's parallel work), run on the caller's thread when its job ends. */
    private final Queue<Runnable> posted = new ConcurrentLinkedQueue<>();
    private volatile Thread caller;

    /** On the calling thread at once; from any other thread, queued until the job running there ends. */
    @Override
    public Executor callbacks() {
        return task -> {
            if (Thread.currentThread() == caller || caller == null) {
                task.run();
            } else {
                posted.add(task);
            }
        };
    }

    @Override
    public TaskHandle submit(BackgroundJob<?> job) {
        ProgressThrottle throttle = new ProgressThrottle();
        TaskContext context = new TaskContext() {
            @Override
            public void progress(long done, long total) {
                double fraction = throttle.next(done, total);
                if (!Double.isNaN(fraction)) {
                    job.progressed(fraction);
                }
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
        Object result;
        Thread outer = caller;
        caller = Thread.currentThread();
        try {
            try {
                result = job.run(context);
            } finally {
                for (Runnable task; (task = posted.poll()) != null; ) {
                    task.run();
                }
            }
        } catch (Exception e) {
            job.failed(e);
            return TaskHandle.DONE;
        } finally {
            caller = outer;
        }
        job.succeeded(result);
        return TaskHandle.DONE;
    }
}
