package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.cli.fixtures.TestFindings;
import dev.tracedeck.cli.fixtures.TestTraces;
import dev.tracedeck.desktop.findings.EvidenceIndex;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TimelineViewModelTest {

    private final Trace trace = TestTraces.small();
    private final TimelineViewModel timeline = new TimelineViewModel(trace.events());

    @Test
    void rowsAreTheTracesOwnEvents() {
        assertEquals(trace.events(), timeline.rows());
        assertSame(trace.event(3), timeline.rows().get(3));
        assertEquals("10 events", timeline.countText());
    }

    @Test
    void followsTheThreadSelection() {
        timeline.showThread(Optional.of("m:s2"));

        assertEquals(1, timeline.shownCountProperty().get());
        assertEquals("1 of 10 events", timeline.countText());
        timeline.showThread(Optional.empty());
        assertEquals(10, timeline.rows().size());
    }

    @Test
    void hidesAndShowsKinds() {
        timeline.showKind(EventKind.TOOL_CALL, false);
        assertEquals(8, timeline.rows().size());
        timeline.showKind(EventKind.TOOL_CALL, true);
        assertEquals(10, timeline.rows().size());
        timeline.showKind(EventKind.STATE, false);
        timeline.showAllKinds();
        assertEquals(10, timeline.rows().size());
    }

    @Test
    void searchReplacesThePredicate() {
        timeline.search("tea");
        assertEquals(2, timeline.rows().size());
        timeline.search("");
        assertEquals(10, timeline.rows().size());
    }

    @Test
    void dropsASelectionTheFilterHides() {
        Event message = trace.event(2);
        timeline.select(message);

        timeline.search("green");
        assertSame(message, timeline.getSelectedEvent(), "still shown, still selected");
        timeline.showThread(Optional.of("m:s2"));
        assertNull(timeline.getSelectedEvent());
    }

    @Test
    void keepsASelectionOnlyASearchHides() {
        Event message = trace.event(2);
        timeline.select(message);

        timeline.search("no event says this");
        assertEquals(0, timeline.rows().size());
        assertSame(message, timeline.getSelectedEvent(), "selected still, its detail on show");
        timeline.search("");
        assertTrue(timeline.rows().contains(message));
        assertSame(message, timeline.getSelectedEvent());
    }

    @Test
    void onlyFlaggedNarrowsToEvidenceOnceTheChecksAreIn() {
        timeline.showOnlyFlagged(true);
        assertEquals(0, timeline.rows().size());

        timeline.setEvidence(EvidenceIndex.of(TestFindings.of(trace)));

        assertEquals(List.of(3, 4, 5, 7), timeline.rows().stream().map(Event::seq).toList());
        assertEquals("4 of 10 events", timeline.countText());
        assertEquals("duplicate-add-entry +1", TimelineViewModel.ruleBadge(timeline.findings(trace.event(3))),
                "the error's rule leads; the warning's is counted");
        assertEquals("agent-error", TimelineViewModel.ruleBadge(timeline.findings(trace.event(7))));
        assertEquals("", TimelineViewModel.ruleBadge(timeline.findings(trace.event(2))));
        timeline.showKind(EventKind.TOOL_CALL, false);
        assertEquals(List.of(4, 7), timeline.rows().stream().map(Event::seq).toList());
        timeline.showOnlyFlagged(false);
        assertEquals(8, timeline.rows().size());
    }

    @Test
    void revealSelectsAnEventTheFilterHidByRelaxingIt() {
        timeline.search("hello");
        timeline.showKind(EventKind.TOOL_CALL, false);
        Event call = trace.event(3);

        timeline.reveal(call);

        assertSame(call, timeline.getSelectedEvent());
        assertTrue(timeline.rows().contains(call));
        assertEquals("", timeline.filterProperty().get().search());
    }
}
