package dev.tracedeck.analysis.parallel;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * A function applied to every item of a list at once on several threads, the results in the list's order: threads
 * are checked apart from each other, and a gigabyte of conversations takes minutes on one core. The analysis makes
 * no thread of its own: the process's task executor (the engine's, which this module cannot see) hands it its
 * computing pool once, with its size; until it does (this module's own tests), items are mapped on the caller's thread.
 *
 * <p>The caller maps items too, taking the next unclaimed one as the helpers do, and waits only for items a helper
 * has claimed: a helper still waiting for a thread when the list is done finds nothing left, so a call made from the
 * pool's own threads, or while the pool is busy, never waits on work that cannot start.
 */
public final class ParallelMap {

    private record Pool(Executor executor, int parallelism) {
    }

    private static volatile Pool pool = new Pool(Runnable::run, 1);

    private ParallelMap() {
    }

    /** Maps on {@code executor} with {@code parallelism} threads at most, the caller's included. */
    public static void use(Executor executor, int parallelism) {
        pool = new Pool(executor, Math.max(1, parallelism));
    }

    /** {@code function} of each of {@code items}, in their order, on the threads {@link #use} gave. */
    public static <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> function) {
        Pool current = pool;
        return map(items, function, current.executor(), current.parallelism());
    }

    /** {@code function} of each of {@code items}, in their order, on at most {@code parallelism} threads of {@code executor} and the caller's. */
    public static <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> function, Executor executor,
                                     int parallelism) {
        int n = items.size();
        Object[] results = new Object[n];
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(n);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable drain = () -> {
            int i;
            while ((i = next.getAndIncrement()) < n) {
                try {
                    if (failure.get() == null) {
                        results[i] = function.apply(items.get(i));
                    }
                } catch (RuntimeException | Error e) {
                    failure.compareAndSet(null, e);
                } finally {
                    done.countDown();
                }
            }
        };
        int helpers = Math.min(parallelism, n) - 1;
        for (int h = 0; h < helpers; h++) {
            try {
                executor.execute(drain);
            } catch (RejectedExecutionException closed) {
                break;
            }
        }
        drain.run();
        awaitUninterruptibly(done);
        Throwable failed = failure.get();
        if (failed instanceof RuntimeException r) {
            throw r;
        }
        if (failed instanceof Error e) {
            throw e;
        }
        @SuppressWarnings("unchecked")
        List<R> list = (List<R>) Collections.unmodifiableList(Arrays.asList(results));
        return list;
    }

    /**
     * Waits for the items helpers claimed, which are moments from done; an interrupt (a job cancelled) is kept for the
     * caller to see, as a parallel stream keeps it.
     */
    private static void awaitUninterruptibly(CountDownLatch done) {
        boolean interrupted = false;
        while (true) {
            try {
                done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
