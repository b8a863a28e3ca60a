package dev.tracedeck.desktop.common;

import dev.tracedeck.engine.tasks.TaskExecutor;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import javafx.application.Platform;
import javafx.concurrent.Task;

/**
 * Runs jobs as JavaFX {@link Task}s on a lane of the process's {@link TaskExecutor}, a few at once, on named daemon
 * threads; callbacks arrive on the FX thread; what they hand beside them goes to the executor's computing pool. Task already coalesces progress updates into one pending {@code runLater}; the throttle in front
 * of it also drops reports too small to see.
 */
public final class FxTaskRunner implements TaskRunner, AutoCloseable {

    private final ExecutorService executor;
    private final Executor beside;

    /** At most {@code threads} jobs at once, on threads named {@code threadPrefix}-n of the process's executor. */
    public FxTaskRunner(String threadPrefix, int threads) {
        this(TaskExecutor.shared(), threadPrefix, threads);
    }

    public FxTaskRunner(TaskExecutor tasks, String threadPrefix, int threads) {
        this.executor = tasks.lane(threadPrefix, threads);
        this.beside = tasks.compute();
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

    /**
     * The process's computing pool: the threads of a file checked as it is read share the core budget with its
     * parsing and with every other job's computing.
     */
    @Override
    public Executor beside() {
        return beside;
    }

    /**
     * Stops this runner's lane; running work sees an interrupt and its task is abandoned; work submitted after is
     * dropped. The computing pool is the process's, and stays.
     */
    @Override
    public void close() {
        executor.shutdownNow();
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
