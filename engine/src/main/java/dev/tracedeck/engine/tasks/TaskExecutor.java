package dev.tracedeck.engine.tasks;

import dev.tracedeck.analysis.parallel.ParallelMap;
import dev.tracedeck.importers.ParsingThreads;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every thread the program runs work on. Two kinds of work, kept apart so that neither can starve the other:
 * <ul>
 *   <li><b>jobs</b> — what a user or a command started (an import, a comparison, a picture saved, a workspace opened):
 *   each runs on a named daemon thread of a {@link #lane lane}, which bounds how many of its kind run at once, and is
 *   cancelled through its {@link Future} (an interrupt, and the job's own checks);</li>
 *   <li><b>computing</b> — the pieces jobs cut their work into (JSON lines parsed ahead, threads checked, a filter's
 *   share of rows): {@link #compute()}, one pool of {@link CoreBudget} threads shared by every job of the process, so
 *   two imports and the checks beside them together never ask for more threads than there are cores.</li>
 * </ul>
 * A piece of computing never waits for another piece (a job may): a full pool of waiting pieces would wait forever.
 * The modules below this one (the importers, the analysis) cannot see it; {@link #shared()} hands them its pool.
 */
public final class TaskExecutor implements AutoCloseable {

    /** The most JSON Lines batches parsed at once: more wait on the reading thread and gain nothing. */
    static final int MOST_PARSING = 4;

    private static final class Shared {
        static final TaskExecutor INSTANCE = installed(new TaskExecutor(CoreBudget.ofMachine()));
    }

    private final CoreBudget budget;
    private final ForkJoinPool compute;

    public TaskExecutor(CoreBudget budget) {
        this.budget = budget;
        AtomicInteger made = new AtomicInteger();
        // FIFO (async mode): batches handed out in file order are parsed in that order, so the reader rarely waits.
        this.compute = new ForkJoinPool(budget.threads(), pool -> {
            ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            thread.setName("tracedeck-compute-" + made.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }, null, true);
    }

    /**
     * The process's executor, made on first use with {@link CoreBudget#ofMachine()}: the budget is the process's, so
     * there is one. Making it hands its computing pool to the importers (JSON Lines parsed ahead) and the analysis
     * (threads checked at once), which cannot see this module; the entry point asks for it before anything is read.
     */
    public static TaskExecutor shared() {
        return Shared.INSTANCE;
    }

    private static TaskExecutor installed(TaskExecutor executor) {
        ParsingThreads.use(executor.compute(), Math.min(executor.budget().threads(), MOST_PARSING));
        ParsingThreads.readAheadOn(() -> executor.lane("tracedeck-log-lines", 1));
        ParallelMap.use(executor.compute(), executor.budget().threads());
        return executor;
    }

    public CoreBudget budget() {
        return budget;
    }

    /** The pool of {@link CoreBudget} threads every job's computing shares; its pieces never wait for each other. */
    public Executor compute() {
        return compute;
    }

    /**
     * A lane of jobs named {@code name}: at most {@code threads} run at once, in the order handed, the others wait in
     * line; its threads come with the first job and go when idle. Its owner shuts it down.
     */
    public ExecutorService lane(String name, int threads) {
        return lane(name, threads, new LinkedBlockingQueue<>());
    }

    /**
     * As {@link #lane(String, int)}, with at most {@code waiting} jobs in line: one more is refused
     * ({@link java.util.concurrent.RejectedExecutionException}), so a caller that cannot keep up says so.
     */
    public ExecutorService boundedLane(String name, int threads, int waiting) {
        return lane(name, threads, new ArrayBlockingQueue<>(waiting));
    }

    private ExecutorService lane(String name, int threads, BlockingQueue<Runnable> queue) {
        ThreadPoolExecutor lane = new ThreadPoolExecutor(threads, threads, 2, TimeUnit.SECONDS, queue, new NamedThreads(name));
        lane.allowCoreThreadTimeOut(true);
        return lane;
    }

    /** One daemon thread named {@code name} that runs work on a schedule (a connection's deadline); its owner shuts it down. */
    public ScheduledExecutorService timer(String name) {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, new NamedThreads(name));
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    /**
     * Starts {@code job} alone on a daemon thread named {@code name}: a job that lives as long as what started it (a
     * loop that checks what a receiver wrote) or that must start at once whatever else runs (a workspace opened while
     * the file is read). Cancel it through the future: its thread is interrupted.
     */
    public <T> Future<T> start(String name, Callable<T> job) {
        FutureTask<T> task = new FutureTask<>(job);
        NamedThreads.single(name, task, true).start();
        return task;
    }

    /**
     * Runs each task handed on a daemon thread of its own named {@code name}, at once: for work that must overlap its
     * caller's (a file's hash taken while the file is read again), never waiting behind a lane.
     */
    public Executor ownThreads(String name) {
        return task -> start(name, task);
    }

    /** As {@link #start(String, Callable)}, for a job with no result. */
    public Future<?> start(String name, Runnable job) {
        return start(name, () -> {
            job.run();
            return null;
        });
    }

    /**
     * A thread for {@link Runtime#addShutdownHook}, which takes a thread, not started and not a daemon: the JVM runs it
     * to its end as it exits (a report finished when the user presses Ctrl-C).
     */
    public static Thread shutdownHook(String name, Runnable finish) {
        return NamedThreads.single(name, finish, false);
    }

    /** Stops the computing pool: running pieces are interrupted, new ones refused. Lanes and timers are their owners'. */
    @Override
    public void close() {
        compute.shutdownNow();
    }
}
