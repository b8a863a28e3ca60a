package dev.tracedeck.desktop.findings;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LayoutPacingTest {

    private long now;
    private final LayoutPacing pacing = new LayoutPacing(() -> now);

    @Test
    void theFirstBatchIsLaidOutAtOnceFindingsAfterTenTimesTheLayoutsTimeCleanThreadsAfterASecond() {
        assertTrue(pacing.due(false));
        pacing.laidOut(() -> now += 50_000_000);  // a layout of 50 ms

        now += 100_000_000;
        assertFalse(pacing.due(true), "findings, but the window's thread has had only twice the layout's time");
        now += 350_000_000;
        assertFalse(pacing.due(false), "clean threads: the findings held back count, but 450 ms < 500 ms");
        now += 50_000_000;
        assertTrue(pacing.due(false), "the findings held back go out once ten times the layout has passed");
        pacing.laidOut(() -> now += 1_000_000);  // 1 ms

        now += 500_000_000;
        assertFalse(pacing.due(false), "only clean threads: a second between layouts");
        now += 500_000_000;
        assertTrue(pacing.due(false));
        pacing.laidOut(() -> { });
        now += 1;
        assertTrue(pacing.due(true), "a cheap layout lets findings out at once");
    }
}
