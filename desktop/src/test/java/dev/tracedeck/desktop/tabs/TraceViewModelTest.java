package dev.tracedeck.desktop.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.common.ManualTaskRunner;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.engine.fixtures.TestFindings;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class TraceViewModelTest {

    private final Trace trace = TestTraces.small();
    private final TraceViewModel model = new TraceViewModel(LoadedTrace.of(trace), new SyncTaskRunner(), new SyncTaskRunner(),
            TestFindings::of);

    @Test
    void selectingAThreadNarrowsTheTimelineAndTheFindings() {
        model.startChecks();

        model.threads().select(model.threads().threads().get(3));

        assertEquals(1, model.timeline().table().rows().size());
        assertEquals("m:s2", model.timeline().table().rows().get(0).threadId());
        assertEquals(Optional.of("m:s2"), model.findings().scope());
    }

    @Test
    void theDetailFollowsTheTimelineSelection() {
        Event event = trace.event(5);

        model.timeline().selection().select(event);

        assertSame(event, model.detail().shownEventProperty().get());
    }

    @Test
    void onceCheckedTheFirstFindingInLogOrderIsSelectedWithItsEvidenceShown() {
        assertNull(model.timeline().selection().getSelectedEvent());

        model.startChecks();

        assertEquals("duplicate-add-entry", model.findings().getSelectedFinding().ruleId());
        assertEquals("1 of 3", model.findings().positionText());
        assertSame(trace.event(3), model.timeline().selection().getSelectedEvent());
        assertSame(trace.event(3), model.detail().shownEventProperty().get());
    }

    @Test
    void selectingTheSelectedFindingAgainShowsItsEvidenceAfresh() {
        model.startChecks();
        List<Object> shown = new java.util.ArrayList<>();
        model.detail().documentProperty().addListener(obs -> shown.add(model.detail().getDocument()));

        model.findings().select(model.findings().getSelectedRow());

        assertEquals(1, shown.size(), "rendered again, so the pane scrolls back to what the finding blames");
    }

    @Test
    void aSelectionMadeWhileTheRulesRanIsKept() {
        ManualTaskRunner checks = new ManualTaskRunner();
        TraceViewModel slow = new TraceViewModel(LoadedTrace.of(trace), new SyncTaskRunner(), checks, TestFindings::of);
        slow.startChecks();
        slow.timeline().selection().select(trace.event(5));

        checks.runNext();

        assertSame(trace.event(5), slow.timeline().selection().getSelectedEvent());
        assertNull(slow.findings().getSelectedRow());
    }

    @Test
    void aSearchMadeWhileTheRulesRanIsKept() {
        ManualTaskRunner checks = new ManualTaskRunner();
        TraceViewModel slow = new TraceViewModel(LoadedTrace.of(trace), new SyncTaskRunner(), checks, TestFindings::of);
        slow.startChecks();
        slow.timeline().search().search("hello again");

        checks.runNext();

        assertEquals("hello again", slow.timeline().filter().filterProperty().get().search());
        assertNull(slow.timeline().selection().getSelectedEvent());
        assertNull(slow.findings().getSelectedRow());
    }

    @Test
    void aFindingSelectsItsEvidenceInTheTimelineAndTheDetailListsTheFinding() {
        model.startChecks();
        model.findings().select(null);

        model.findings().next();

        Event evidence = model.findings().getSelectedFinding().evidence().get(0);
        assertEquals(3, evidence.seq());
        assertSame(evidence, model.timeline().selection().getSelectedEvent());
        assertSame(evidence, model.detail().shownEventProperty().get());
        assertTrue(model.detail().getDocument().text().contains("duplicate-add-entry"), model.detail().getDocument().text());
    }

    @Test
    void evidenceTheTimelineFilterHidesIsShownAnyway() {
        model.startChecks();
        model.timeline().search().search("hello again");
        model.timeline().filter().showKind(EventKind.TOOL_CALL, false);

        model.findings().next();

        assertSame(trace.event(3), model.timeline().selection().getSelectedEvent());
        assertTrue(model.timeline().table().rows().contains(trace.event(3)));
    }

    @Test
    void evidenceOutsideTheSelectedThreadSwitchesTheThreadListToAllThreads() {
        // A run-level record (thread "") as evidence of a thread's finding: the model allows it.
        Finding finding = new Finding("agent-error", Severity.ERROR, "m:s1", OptionalInt.empty(), "bad record",
                List.of(trace.event(9)));
        TraceViewModel odd = new TraceViewModel(LoadedTrace.of(trace), new SyncTaskRunner(), new SyncTaskRunner(),
                t -> new Validation(t.file(), t.format(), "test", List.of(new ThreadChecklist("m:s1",
                        List.of(new Check("agent-error", "no errors", CheckStatus.FAIL, List.of(finding), ""))))));
        odd.startChecks();
        odd.threads().select(odd.threads().threads().get(2));

        odd.findings().next();

        assertTrue(odd.threads().getSelected().isAll());
        assertSame(trace.event(9), odd.timeline().selection().getSelectedEvent());
        assertSame(finding, odd.findings().getSelectedFinding(), "the finding stays selected as the scope widens");
    }

    @Test
    void flagsTheEvidenceInTheTimelineOnceChecked() {
        assertEquals(0, model.timeline().filter().evidence().flaggedCount());

        model.startChecks();

        assertTrue(model.timeline().filter().evidence().isFlagged(trace.event(7)));
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
