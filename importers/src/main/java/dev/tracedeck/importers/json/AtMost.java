package dev.tracedeck.importers.json;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs at most {@code most} of its tasks at once on a shared pool, the others after them in the order handed: one
 * file's parsing takes no more than its share of a pool every job uses. Each task is a {@link FutureTask}, which
 * keeps its own failure; a pool that refuses work (shut down) leaves it to the handing thread.
 */
final class AtMost implements Executor {

    private final Executor pool;
    private final int most;
    private final ArrayDeque<FutureTask<?>> waiting = new ArrayDeque<>();
    private int running;

    AtMost(Executor pool, int most) {
        if (most < 1) {
            throw new IllegalArgumentException("at most " + most);
        }
        this.pool = pool;
        this.most = most;
    }

    @Override
    public void execute(Runnable task) {
        if (!(task instanceof FutureTask<?> future)) {
            throw new IllegalArgumentException("a FutureTask, which keeps its failure");
        }
        synchronized (this) {
            if (running == most) {
                waiting.add(future);
                return;
            }
            running++;
        }
        try {
            pool.execute(() -> runThenTheWaiting(future));
        } catch (RejectedExecutionException shutDown) {
            runThenTheWaiting(future);
        }
    }

    /** Runs {@code first}, then the tasks waiting, until none is: the thread stays this file's while it has work. */
    private void runThenTheWaiting(FutureTask<?> first) {
        FutureTask<?> next = first;
        while (next != null) {
            next.run();
            if (next.isCancelled()) {
                // Its cancelling interrupted this thread: the pool's next work, another job's, must not see it.
                Thread.interrupted();
            }
            synchronized (this) {
                next = waiting.poll();
                if (next == null) {
                    running--;
                }
            }
        }
    }
}
