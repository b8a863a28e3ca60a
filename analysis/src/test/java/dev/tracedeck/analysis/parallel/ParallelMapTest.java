package dev.tracedeck.analysis.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ParallelMapTest {

    @Test
    void mapsOnTheCallerAndThePoolKeepingTheListsOrder() {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Integer> items = IntStream.range(0, 2_000).boxed().toList();
            List<Integer> squares = ParallelMap.map(items, i -> i * i, pool, 4);
            assertEquals(items.stream().map(i -> i * i).toList(), squares);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void helpersThatNeverStartLeaveTheCallerToMapEverything() {
        List<Runnable> neverRun = new ArrayList<>();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        List<Integer> doubled = ParallelMap.map(List.of(1, 2, 3), i -> {
            threads.add(Thread.currentThread().getName());
            return 2 * i;
        }, neverRun::add, 4);
        assertEquals(List.of(2, 4, 6), doubled);
        assertEquals(2, neverRun.size(), "two helpers beside the caller for three items");
        assertEquals(Set.of(Thread.currentThread().getName()), threads);
    }

    @Test
    void aFailureOfOneItemIsThrownToTheCaller() {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Integer> items = IntStream.range(0, 100).boxed().toList();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ParallelMap.map(items, i -> {
                if (i == 57) {
                    throw new IllegalStateException("item 57");
                }
                return i;
            }, pool, 3));
            assertEquals("item 57", e.getMessage());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void callsFromEveryThreadOfAFullPoolFinishWithoutWaitingOnHelpersThatCannotStart() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<List<Integer>>> outer = new ArrayList<>();
            for (int n = 0; n < 2; n++) {
                outer.add(pool.submit(() -> ParallelMap.map(List.of(1, 2, 3, 4), i -> i + 1, pool, 4)));
            }
            for (Future<List<Integer>> f : outer) {
                assertEquals(List.of(2, 3, 4, 5), f.get(10, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
