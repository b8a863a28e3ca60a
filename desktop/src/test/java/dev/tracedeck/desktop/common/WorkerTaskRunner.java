package dev.tracedeck.desktop.common;

import dev.tracedeck.engine.tasks.TaskExecutor;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs each job on a worker thread, as the app's runners do, and queues its callbacks for the thread that plays the
 * FX thread's part ({@link #runCallback}): a benchmark without a toolkit can time how long that thread is kept busy
 * and how long a result takes to come.
 */
public final class WorkerTaskRunner implements TaskRunner, AutoCloseable {

    private final ExecutorService worker = TaskExecutor.shared().lane("bench-worker", 1);
    private final BlockingQueue<Runnable> callbacks = new LinkedBlockingQueue<>();

    @Override
    public TaskHandle submit(BackgroundJob<?> job) {
        AtomicBoolean cancelled = new AtomicBoolean();
        TaskContext context = new TaskContext() {
            @Override
            public void progress(long done, long total) {
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get();
            }
        };
        worker.execute(() -> {
            try {
                Object result = cancelled.get() ? null : job.run(context);
                callbacks.add(() -> {
                    if (cancelled.get()) {
                        job.cancelled();
                    } else {
                        job.succeeded(result);
                    }
                });
            } catch (Exception e) {
                callbacks.add(() -> job.failed(e));
            }
        });
        return () -> cancelled.set(true);
    }

    @Override
    public java.util.concurrent.Executor callbacks() {
        return callbacks::add;
    }

    /**
     * On the thread playing the FX thread: waits up to {@code timeoutMillis} for a callback and runs it.
     *
     * @return how long the callback took, in nanoseconds; -1 when none came
     */
    public long runCallback(long timeoutMillis) throws InterruptedException {
        Runnable next = callbacks.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (next == null) {
            return -1;
        }
        long t = System.nanoTime();
        next.run();
        return System.nanoTime() - t;
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
