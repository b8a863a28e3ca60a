package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.desktop.fixtures.LlmCallTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An LLM call's request and answer as one timeline step, with nothing out of reach. */
class TimelineStepsTest {

    private final Trace trace = LlmCallTraces.trace();
    private final TimelineViewModel timeline = new TimelineViewModel(trace.events());

    @Test
    void showsAnLlmCallAsOneRowWithItsLatency() {
        assertEquals(List.of(0, 1, 2, 4), timeline.table().rows().stream().map(Event::seq).toList(), "the answer #3 is in #1's row");
        assertEquals("2 messages in → 1 tool call out · 1.42 s", timeline.summary(trace.event(1)));
        assertEquals(List.of(trace.event(1), trace.event(3)), timeline.table().step(trace.event(1)));
    }

    @Test
    void aCallWhoseAnswerNeverCameIsItsOwnRowAndSaysSo() {
        assertEquals("4 messages in → no answer logged", timeline.summary(trace.event(2)));
        assertEquals(List.of(trace.event(2)), timeline.table().step(trace.event(2)));
    }

    @Test
    void countsEventsNotRowsSoTheCountMatchesTheStatusBar() {
        assertEquals("5 events", timeline.search().countText());
        timeline.filter().showThread(Optional.of(LlmCallTraces.A));
        assertEquals("4 of 5 events", timeline.search().countText());
        timeline.filter().showKind(EventKind.LLM_CALL, false);
        assertEquals("2 of 5 events", timeline.search().countText());
    }

    @Test
    void selectingTheAnswerSelectsItsRequestsRow() {
        timeline.selection().select(trace.event(3));

        assertSame(trace.event(1), timeline.selection().getSelectedEvent());
        assertEquals(List.of(trace.event(1), trace.event(3)), timeline.selection().selectedStep());
    }

    @Test
    void aSearchThatOnlyTheAnswerMatchesStillShowsTheStep() {
        timeline.search().search("tool_calls=1");

        assertEquals(List.of(trace.event(1)), List.copyOf(timeline.table().rows()));
    }

    @Test
    void evidenceOnTheAnswerFlagsTheMergedRowAndRevealingItSelectsThatRow() {
        timeline.filter().setEvidence(EvidenceIndex.of(LlmCallTraces.findingOnTheAnswer(trace)));
        timeline.filter().showKind(EventKind.LLM_CALL, false);

        List<Finding> findings = timeline.filter().findings(trace.event(1));
        assertEquals(List.of("repeated-tool-call"), findings.stream().map(Finding::ruleId).toList());
        assertEquals("repeated-tool-call", TimelineFilterViewModel.ruleBadge(findings));

        timeline.selection().reveal(trace.event(3));

        assertSame(trace.event(1), timeline.selection().getSelectedEvent());
        assertTrue(timeline.table().rows().contains(trace.event(1)));
        timeline.filter().showOnlyFlagged(true);
        assertEquals(List.of(trace.event(1)), List.copyOf(timeline.table().rows()), "only flagged keeps the step its answer flags");
    }

    @Test
    void labelsThreadsByTheShortestPartThatTellsThemApart() {
        assertEquals("3f2b9c1e:s1", timeline.table().threadLabel(trace.event(1)));
        assertEquals("a71e0c54:s1", timeline.table().threadLabel(trace.event(2)));
        assertEquals("3f2b9c1e:s1".length(), timeline.table().widestThreadLabel().length());
        assertEquals(4, timeline.table().lastSeq());
    }
}
