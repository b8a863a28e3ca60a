package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import org.junit.jupiter.api.Test;

class BatchesTest {

    private final List<Event> events = TestTraces.small().events();
    private final Queue<Runnable> fxQueue = new ArrayDeque<>();
    private final List<List<Event>> shown = new ArrayList<>();
    private long now = 1_000_000_000L;
    private final Batches<Event> arriving = new Batches<>(fxQueue::add, shown::add, () -> now);

    @Test
    void theFirstEventGoesOutAtOnceAndTheRestInBatchesAFewTimesASecond() {
        arriving.add(events.get(0));
        assertEquals(1, fxQueue.size(), "the first row is not held back");
        arriving.add(events.get(1));
        arriving.add(events.get(2));
        runFx();
        assertEquals(List.of(events.subList(0, 3)), shown, "what came before the FX thread ran goes in the same batch");

        arriving.add(events.get(3));
        assertTrue(fxQueue.isEmpty(), "too soon after the last batch");
        now += Batches.BATCH_NANOS;
        arriving.add(events.get(4));
        runFx();
        assertEquals(List.of(events.subList(0, 3), events.subList(3, 5)), shown);
    }

    @Test
    void eventsHeldBackGoOutOnTheNextProgressReportOnceTheirTimeHasCome() {
        arriving.add(events.get(0));
        runFx();
        arriving.add(events.get(1));
        arriving.tick();
        assertTrue(fxQueue.isEmpty());
        now += Batches.BATCH_NANOS;
        arriving.tick();
        runFx();
        assertEquals(List.of(List.of(events.get(0)), List.of(events.get(1))), shown);
    }

    @Test
    void aStoppedImportShowsNothingMore() {
        arriving.add(events.get(0));
        arriving.stop();
        arriving.add(events.get(1));
        runFx();
        assertTrue(shown.isEmpty(), "the finished trace replaces the rows: " + shown);
    }

    private void runFx() {
        while (!fxQueue.isEmpty()) {
            fxQueue.remove().run();
        }
    }
}
