package dev.tracedeck.desktop.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.analysis.tokens.TraceModel;
import dev.tracedeck.desktop.fixtures.LlmCallTraces;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.desktop.timeline.TimelineRows;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a trace is loaded with, made in one walk and on two cores, is what each view would find walking it itself. */
class LoadedTraceTest {

    @Test
    void countsLabelsAndModelAreTheTracesOwn() {
        for (Trace trace : List.of(TestTraces.small(), LlmCallTraces.trace())) {
            LoadedTrace loaded = LoadedTrace.of(trace);

            Map<EventKind, Long> kinds = new EnumMap<>(EventKind.class);
            for (Event event : trace.events()) {
                kinds.merge(event.kind(), 1L, Long::sum);
            }
            assertEquals(kinds, loaded.kindCounts());
            ThreadLabels labels = ThreadLabels.of(trace);
            for (String id : trace.threads().stream().map(t -> t.id()).toList()) {
                assertEquals(labels.label(id), loaded.threadLabels().label(id));
            }
            assertEquals(ThreadSummary.of(trace), loaded.threads());
            assertEquals(TraceModel.of(trace), loaded.namedModel());
            assertEquals(TraceModel.window(trace), loaded.recordedWindow());
            LlmRounds rounds = LlmRounds.of(trace.events());
            assertEquals(rounds.pairedCount(), loaded.llmRounds().pairedCount());
            for (Event event : trace.events()) {
                assertEquals(rounds.answerOf(event), loaded.llmRounds().answerOf(event));
            }
            assertSame(TimelineRows.NONE, loaded.timelineRows(), "rows only for a trace to show in a new tab");
        }
    }
}
