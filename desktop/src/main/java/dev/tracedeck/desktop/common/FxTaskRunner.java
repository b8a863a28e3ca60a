package dev.tracedeck.desktop.common;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.concurrent.Task;

/**
 * Runs jobs as JavaFX {@link Task}s on a fixed pool of named daemon threads; callbacks arrive on the FX
 * thread. Task already coalesces progress updates into one pending {@code runLater}; the throttle in front
 * of it also drops reports too small to see.
 */
public final class FxTaskRunner implements TaskRunner, AutoCloseable {

    private final ExecutorService executor;
    private final ThreadPoolExecutor beside;

    public FxTaskRunner(String threadPrefix, int threads) {
        this.executor = Executors.newFixedThreadPool(threads, new NamedDaemonThreadFactory(threadPrefix));
        // Half the cores: the job it works beside (an import, its lines parsed on every core) and the window keep theirs.
        int half = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
        this.beside = new ThreadPoolExecutor(half, half, 2, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                new NamedDaemonThreadFactory(threadPrefix + "-beside"));
        // Its threads come with the first work handed to it and go when idle: most runners never hand any.
        beside.allowCoreThreadTimeOut(true);
    }

    @Override
    public TaskHandle submit(BackgroundJob<?> job) {
        JobTask<?> task = new JobTask<>(job);
        task.progressProperty().addListener((obs, old, now) -> job.progressed(now.doubleValue()));
        task.setOnSucceeded(e -> job.succeeded(task.getValue()));
        task.setOnFailed(e -> job.failed(task.getException()));
        task.setOnCancelled(e -> job.cancelled());
        try {
            executor.execute(task);
        } catch (RejectedExecutionException closed) {
            // The window is closing (the pool is shut down): a callback of the last job still asking for more work,
            // say to list the runs it just recorded, has nobody left to show it to.
            return TaskHandle.DONE;
        }
        return task::cancel;
    }

    @Override
    public Executor callbacks() {
        return Platform::runLater;
    }

    /** Half the cores, shared by this runner's jobs: files read at once share them. */
    @Override
    public Executor beside() {
        return beside;
    }

    /** Stops the pool; running work sees an interrupt and its task is abandoned; work submitted after is dropped. */
    @Override
    public void close() {
        executor.shutdownNow();
        beside.shutdownNow();
    }

    private static final class JobTask<T> extends Task<T> implements TaskContext {
        private final BackgroundJob<T> job;
        private final ProgressThrottle throttle = new ProgressThrottle();

        JobTask(BackgroundJob<T> job) {
            this.job = job;
            updateTitle(job.name());
        }

        @Override
        protected T call() throws Exception {
            return job.run(this);
        }

        @Override
        public void progress(long done, long total) {
            double fraction = throttle.next(done, total);
            if (!Double.isNaN(fraction)) {
                updateProgress(fraction < 0 ? -1 : fraction, 1);
            }
        }
    }
}
