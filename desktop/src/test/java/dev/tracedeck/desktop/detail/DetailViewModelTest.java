package dev.tracedeck.desktop.detail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.desktop.common.ManualTaskRunner;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.desktop.triage.TriageMarks;
import dev.tracedeck.engine.fixtures.TestFindings;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.TriageStatus;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void theFocusedFindingFromALaterCheckOfItsThreadIsListedOnce() {
        DetailViewModel detail = new DetailViewModel(new SyncTaskRunner());
        Trace trace = TestTraces.small();
        detail.setEvidence(EvidenceIndex.of(TestFindings.of(trace)));
        Finding checked = TestFindings.of(trace).findings().stream()
                .filter(f -> f.evidence().contains(trace.event(7))).findFirst().orElseThrow();
        detail.show(trace.event(7));

        detail.setFocus(new Finding(checked.ruleId(), checked.severity(), checked.threadId(), checked.msgIdx(),
                checked.message(), checked.evidence(), checked.blamed()));

        String text = detail.getDocument().text();
        assertEquals(text.indexOf(TestFindings.AGENT_ERROR), text.lastIndexOf(TestFindings.AGENT_ERROR), text);
    }

    @Test
    void aFindingsTriageMarkShowsUnderItAndGoesWhenCleared(@TempDir Path dir) {
        Trace trace = TestTraces.small();
        EvidenceIndex index = EvidenceIndex.of(TestFindings.of(trace));
        Finding finding = index.findings(trace.event(7)).get(0);
        try (WorkspaceLink link = new WorkspaceLink(dir.resolve("ws.db"), Clock.systemUTC(), new SyncTaskRunner(),
                new NoticesViewModel())) {
            TriageMarks marks = new TriageMarks(Optional.of(link));
            DetailViewModel detail = new DetailViewModel(new SyncTaskRunner());
            detail.setTriage(marks);
            detail.setEvidence(index);
            detail.show(trace.event(7));
            assertFalse(detail.getDocument().text().contains("accepted"));

            marks.mark(finding, TriageStatus.ACCEPTED, "known retry storm");

            String text = detail.getDocument().text();
            assertTrue(text.contains("✓ accepted") && text.contains("known retry storm"), text);
            assertTrue(detail.getDocument().lines().stream().flatMap(l -> l.spans().stream())
                    .anyMatch(s -> s.style().equals("d-triage d-triage-accepted")));

            marks.unmark(finding);

            assertFalse(detail.getDocument().text().contains("accepted"), detail.getDocument().text());
        }
    }
}
