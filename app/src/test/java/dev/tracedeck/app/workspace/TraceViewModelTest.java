package dev.tracedeck.app.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tracedeck.app.common.SyncTaskRunner;
import dev.tracedeck.app.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import org.junit.jupiter.api.Test;

class TraceViewModelTest {

    private final Trace trace = TestTraces.small();
    private final TraceViewModel model = new TraceViewModel(LoadedTrace.of(trace), new SyncTaskRunner());

    @Test
    void selectingAThreadNarrowsTheTimeline() {
        model.threads().select(model.threads().threads().get(3));

        assertEquals(1, model.timeline().rows().size());
        assertEquals("m:s2", model.timeline().rows().get(0).threadId());
    }

    @Test
    void theDetailFollowsTheTimelineSelection() {
        Event event = trace.event(5);

        model.timeline().select(event);

        assertSame(event, model.detail().shownEventProperty().get());
    }

    @Test
    void theShowcaseIsTheFirstDumpThatAppendedToAnEarlierOne() {
        assertEquals(6, model.showcaseEvent().orElseThrow().seq());
    }

    @Test
    void countsKindsWhileLoading() {
        assertEquals(2L, model.loaded().kindCounts().get(EventKind.STATE));
        assertEquals("10 events · 3 threads · 0 other · 1 malformed", model.loaded().summary());
    }
}
