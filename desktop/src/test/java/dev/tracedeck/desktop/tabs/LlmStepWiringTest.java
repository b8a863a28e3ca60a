package dev.tracedeck.desktop.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.LlmCallTraces;
import dev.tracedeck.model.trace.Trace;
import org.junit.jupiter.api.Test;

/** A finding whose evidence is the answer half of an LLM call lands on the merged row, and the detail shows both records. */
class LlmStepWiringTest {

    private final Trace trace = LlmCallTraces.trace();
    private final TraceViewModel model = new TraceViewModel(LoadedTrace.of(trace), new SyncTaskRunner(), new SyncTaskRunner(),
            LlmCallTraces::findingOnTheAnswer);

    @Test
    void aFindingOnTheAnswerSelectsTheStepAndTheDetailShowsBothRecordsWithTheirLines() {
        model.startChecks();

        model.findings().next();

        assertSame(trace.event(3), model.findings().getSelectedFinding().evidence().get(0));
        assertSame(trace.event(1), model.timeline().selection().getSelectedEvent());
        String detail = model.detail().getDocument().text();
        assertTrue(detail.contains("LLM call: 2 messages in → 1 tool call out · 1.42 s"), detail);
        assertTrue(detail.contains("One step of 2 records, #1 and #3"), detail);
        assertTrue(detail.contains("2 │ LLM_CALL curated_messages=2"), detail);
        assertTrue(detail.contains("4 │ LLM_CALL tool_calls=1"), detail);
        assertTrue(detail.contains("repeated-tool-call"), "the answer's finding is listed: " + detail);
    }

    @Test
    void theThreadListShowsShortLabelsAndKeepsTheFullIdForItsTooltip() {
        assertEquals("3f2b9c1e:s1", model.threads().threads().get(1).label());
        assertEquals(LlmCallTraces.A, model.threads().threads().get(1).fullName());
        assertEquals("All threads", model.threads().threads().get(0).fullName());
    }
}
