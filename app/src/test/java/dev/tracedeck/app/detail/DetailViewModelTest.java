package dev.tracedeck.app.detail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.app.common.ManualTaskRunner;
import dev.tracedeck.app.common.SyncTaskRunner;
import dev.tracedeck.app.findings.EvidenceIndex;
import dev.tracedeck.app.fixtures.TestFindings;
import dev.tracedeck.app.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import org.junit.jupiter.api.Test;

class DetailViewModelTest {

    @Test
    void rendersTheSelectedEvent() {
        DetailViewModel detail = new DetailViewModel(new SyncTaskRunner());
        Event event = TestTraces.event(3);

        detail.show(event);

        assertSame(event, detail.shownEventProperty().get());
        assertEquals(DetailRenderer.render(event), detail.getDocument());
    }

    @Test
    void showsAHintWhenNothingIsSelected() {
        DetailViewModel detail = new DetailViewModel(new SyncTaskRunner());
        detail.show(TestTraces.event(3));

        detail.show(null);

        assertNull(detail.shownEventProperty().get());
        assertEquals(DetailViewModel.NOTHING_SELECTED, detail.getDocument().text());
    }

    @Test
    void onlyTheNewestSelectionIsRendered() {
        ManualTaskRunner runner = new ManualTaskRunner();
        DetailViewModel detail = new DetailViewModel(runner);

        detail.show(TestTraces.event(2));
        detail.show(TestTraces.event(6));
        assertEquals(1, runner.pendingCount());
        runner.runNext();

        assertEquals(6, detail.shownEventProperty().get().seq());
        assertTrue(detail.getDocument().text().contains("#6"));
    }

    @Test
    void aFlaggedEventIsRenderedAgainWithItsFindingsOnceTheChecksAreIn() {
        DetailViewModel detail = new DetailViewModel(new SyncTaskRunner());
        Trace trace = TestTraces.small();
        detail.show(trace.event(7));
        assertFalse(detail.getDocument().text().contains("agent-error"));

        detail.setEvidence(EvidenceIndex.of(TestFindings.of(trace)));

        assertTrue(detail.getDocument().text().contains("WARNING   agent-error"), detail.getDocument().text());
        assertTrue(detail.getDocument().text().contains(TestFindings.AGENT_ERROR));
    }
}
