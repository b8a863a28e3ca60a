package dev.tracedeck.importers.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;

class AtMostTest {

    @Test
    void handsThePoolNoMoreTasksThanItsShareAndRunsTheOthersInOrderAfterThem() {
        List<Runnable> pool = new ArrayList<>();
        AtMost two = new AtMost(pool::add, 2);
        List<Integer> ran = new ArrayList<>();
        List<FutureTask<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            int n = i;
            FutureTask<Integer> task = new FutureTask<>(() -> {
                ran.add(n);
                return n;
            });
            tasks.add(task);
            two.execute(task);
        }
        assertEquals(2, pool.size(), "two handed to the pool, three waiting");
        pool.get(0).run();
        assertEquals(List.of(0, 2, 3, 4), ran, "the first thread runs the waiting ones in order once it is free");
        assertFalse(tasks.get(1).isDone());
        pool.get(1).run();
        assertTrue(tasks.stream().allMatch(FutureTask::isDone));
        two.execute(new FutureTask<>(() -> ran.add(5)));
        assertEquals(3, pool.size(), "with none running, the next goes to the pool at once");
    }

    @Test
    void aPoolThatRefusesWorkLeavesItToTheHandingThread() throws InterruptedException, ExecutionException {
        ExecutorService closed = Executors.newSingleThreadExecutor();
        closed.shutdown();
        FutureTask<String> task = new FutureTask<>(() -> Thread.currentThread().getName());
        new AtMost(closed, 1).execute(task);
        assertEquals(Thread.currentThread().getName(), task.get());
    }
}
