package dev.tracedeck.engine.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TaskExecutorTest {

    @Test
    void theBudgetLeavesACoreButNeverGoesBelowTwo() {
        assertEquals(2, CoreBudget.forCores(1).threads());
        assertEquals(2, CoreBudget.forCores(2).threads(), "two cores: parsing keeps both");
        assertEquals(3, CoreBudget.forCores(4).threads());
        assertEquals(15, CoreBudget.forCores(16).threads());
        assertThrows(IllegalArgumentException.class, () -> new CoreBudget(0));
    }

    @Test
    void computingRunsOnAsManyNamedDaemonThreadsAsTheBudgetAndNoMore() throws Exception {
        try (TaskExecutor tasks = new TaskExecutor(new CoreBudget(3))) {
            Set<String> names = ConcurrentHashMap.newKeySet();
            // Three at once: each waits until all three run.
            CyclicBarrier allThree = new CyclicBarrier(3);
            CountDownLatch met = new CountDownLatch(3);
            for (int i = 0; i < 3; i++) {
                tasks.compute().execute(() -> {
                    assertTrue(Thread.currentThread().isDaemon());
                    names.add(Thread.currentThread().getName());
                    awaitQuietly(allThree);
                    met.countDown();
                });
            }
            assertTrue(met.await(10, TimeUnit.SECONDS));
            CountDownLatch done = new CountDownLatch(30);
            for (int i = 0; i < 30; i++) {
                tasks.compute().execute(() -> {
                    names.add(Thread.currentThread().getName());
                    done.countDown();
                });
            }
            assertTrue(done.await(10, TimeUnit.SECONDS));
            assertEquals(Set.of("tracedeck-compute-1", "tracedeck-compute-2", "tracedeck-compute-3"), names);
        }
    }

    @Test
    void aJobStartsOnADaemonThreadOfItsNameAndIsCancelledByAnInterrupt() throws Exception {
        try (TaskExecutor tasks = new TaskExecutor(new CoreBudget(2))) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch interrupted = new CountDownLatch(1);
            String[] name = new String[1];
            Future<?> job = tasks.start("a-job", () -> {
                name[0] = Thread.currentThread().getName() + (Thread.currentThread().isDaemon() ? " (daemon)" : "");
                started.countDown();
                try {
                    new CountDownLatch(1).await();
                } catch (InterruptedException e) {
                    interrupted.countDown();
                }
            });
            assertTrue(started.await(10, TimeUnit.SECONDS));
            assertEquals("a-job (daemon)", name[0]);
            job.cancel(true);
            assertTrue(interrupted.await(10, TimeUnit.SECONDS));
            assertThrows(CancellationException.class, job::get);
        }
    }

    @Test
    void aBoundedLaneRefusesOneJobMoreThanItsLineHolds() throws Exception {
        try (TaskExecutor tasks = new TaskExecutor(new CoreBudget(2))) {
            ExecutorService lane = tasks.boundedLane("keep", 1, 1);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch running = new CountDownLatch(1);
            lane.execute(() -> {
                running.countDown();
                awaitQuietly(release);
            });
            assertTrue(running.await(10, TimeUnit.SECONDS));
            lane.execute(() -> { });
            assertThrows(RejectedExecutionException.class, () -> lane.execute(() -> { }));
            release.countDown();
            lane.shutdown();
            assertTrue(lane.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void aShutdownHookIsNotStartedAndKeepsTheJvmUntilItEnds() {
        Thread hook = TaskExecutor.shutdownHook("finish", () -> { });
        assertEquals("finish", hook.getName());
        assertFalse(hook.isDaemon());
        assertEquals(Thread.State.NEW, hook.getState());
    }

    private static void awaitQuietly(CyclicBarrier barrier) {
        try {
            barrier.await(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
