package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void cancelDropsTheRunningQuery() {
        latest.submit("a", c -> "a", delivered::add, e -> { });
        latest.cancel();

        assertEquals(0, runner.pendingCount());
        assertEquals(List.of(), delivered);
    }
}
