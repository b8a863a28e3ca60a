package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatestOnlyTest {

    private final ManualTaskRunner runner = new ManualTaskRunner();
    private final LatestOnly latest = new LatestOnly(runner);
    private final List<String> delivered = new ArrayList<>();

    @Test
    void aNewerQueryCancelsTheOlderOne() {
        latest.submit("a", c -> "a", delivered::add, e -> { });
        latest.submit("b", c -> "b", delivered::add, e -> { });

        assertEquals(1, runner.pendingCount(), "the first query was cancelled before it ran");
        runner.runNext();
        assertEquals(List.of("b"), delivered);
    }

    @Test
    void dropsAResultThatArrivesAfterANewerSubmit() {
        TaskRunner alreadyRunning = job -> () -> { };  // cancel cannot stop it: the result still arrives
        ManualTaskRunner slow = new ManualTaskRunner();
        LatestOnly queries = new LatestOnly(job -> {
            slow.submit(job);
            return alreadyRunning.submit(job);
        });
        queries.submit("a", c -> "a", delivered::add, e -> { });
        queries.submit("b", c -> "b", delivered::add, e -> { });

        slow.runNext();
        slow.runNext();

        assertEquals(List.of("b"), delivered);
    }

    @Test
    void aQueryThatEndedIsNotHeld() throws InterruptedException {
        Object[] read = {new int[1 << 20]};
        WeakReference<Object> searched = new WeakReference<>(read[0]);
        latest.submit("search", new SearchOf(read[0]), delivered::add, e -> { });
        read[0] = null;
        runner.runNext();
        assertEquals(List.of("searched"), delivered);

        for (int i = 0; i < 50 && searched.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(searched.get(), "what the ended query read is garbage once nothing newer asks");
    }

    /** A query holding what it reads, as a timeline search holds the rows. */
    private record SearchOf(Object rows) implements BackgroundJob.Work<String> {
        @Override
        public String run(TaskContext context) {
            return "searched";
        }
    }

    @Test
    void cancelDropsTheRunningQuery() {
        latest.submit("a", c -> "a", delivered::add, e -> { });
        latest.cancel();

        assertEquals(0, runner.pendingCount());
        assertEquals(List.of(), delivered);
    }
}
