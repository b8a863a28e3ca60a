package dev.tracedeck.model.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.RecordedOutcome;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.source.SourceRef;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A trace rebuilt event for event (text calls lifted, files of a folder put one after the other) keeps every record of
 * its threads on the events at the same positions: the bill of each call, with what it holds apart from the context
 * (cache writes by lifetime, reasoning), and what the trace said of how the run went.
 */
class CarryRecordsTest {

    @Test
    void aRebuiltTraceKeepsEachCallsBillAndTheTracesOwnVerdict() {
        TraceBuilder first = new TraceBuilder();
        Event question = first.add("message", "", "t", SourceRef.line("a.jsonl", 1), "q", new Payload.ControlMessage("q"));
        Event answer = first.add("message", "", "t", SourceRef.line("a.jsonl", 2), "a", new Payload.ControlMessage("a"));
        BilledUsage bill = new BilledUsage("msg_1", 10, 200, 0, 300, 40, 5, 0, 0, "anthropic");
        first.recordModelCall(answer, "claude-sonnet-4", Optional.of(TokenUsage.anthropic(10, 300, 200, 40)),
                OptionalInt.empty(), Optional.of(bill));
        first.recordOutcome(answer, RecordedOutcome.Verdict.FAILED, "model_graded_fact", "I");
        TraceThread read = first.build(report()).threads().get(0);

        TraceBuilder rebuilt = new TraceBuilder();
        rebuilt.add("message", "", "other", SourceRef.line("b.jsonl", 1), "x", new Payload.ControlMessage("x"));
        rebuilt.add(question.keyword(), "", "t", question.source(), "q", question.payload());
        Event movedAnswer = rebuilt.add(answer.keyword(), "", "t", answer.source(), "a", answer.payload());
        rebuilt.carryRecords(read, "t", 1);
        TraceThread carried = rebuilt.build(report()).thread("t").orElseThrow();

        ModelCall call = carried.records().modelCalls().get(0);
        assertEquals(movedAnswer, call.event());
        assertEquals(Optional.of(bill), call.billed());
        RecordedOutcome outcome = carried.records().outcomes().get(0);
        assertEquals(movedAnswer, outcome.at());
        assertEquals("failed: I (model_graded_fact)", outcome.line());
    }

    @Test
    void aThreadCarriedIntoATraceCutShortKeepsTheEndingItsOwnFileGaveIt() {
        TraceBuilder first = new TraceBuilder();
        first.add("message", "", "t", SourceRef.line("a.jsonl", 1), "q", new Payload.ControlMessage("q"));
        first.add("message", "", "t", SourceRef.line("a.jsonl", 2), "a", new Payload.ControlMessage("a"));
        first.endsAtModelAnswer("t", true);
        TraceThread whole = first.build(report()).threads().get(0);

        TraceBuilder folder = new TraceBuilder();
        folder.add("message", "", "t", SourceRef.line("a.jsonl", 1), "q", new Payload.ControlMessage("q"));
        folder.add("message", "", "t", SourceRef.line("a.jsonl", 2), "a", new Payload.ControlMessage("a"));
        folder.carryRecords(whole);
        assertTrue(folder.build(cutReport()).thread("t").orElseThrow().records().endsAtModelAnswer(),
                "another file of the folder was cut short, not this thread's");

        TraceBuilder response = new TraceBuilder();
        response.add("message", "", "t", SourceRef.line("a.json", 1), "a", new Payload.ControlMessage("a"));
        response.endsAtLoneResponse("t");
        TraceThread cut = response.build(cutReport()).threads().get(0);
        assertTrue(cut.records().endsAtModelAnswer(), "a lone response cut short still ends at its answer");
        TraceBuilder lifted = new TraceBuilder();
        lifted.add("message", "", "t", SourceRef.line("a.json", 1), "a", new Payload.ControlMessage("a"));
        lifted.carryRecords(cut);
        assertTrue(lifted.build(cutReport()).thread("t").orElseThrow().records().endsAtModelAnswer(),
                "rebuilt with the same report, it keeps it");
    }

    private static ImportReport report() {
        return new ImportReport("a.jsonl", "x", 0, 0, 0, 0, 0, Map.of(), List.of(), 0, true);
    }

    private static ImportReport cutReport() {
        return new ImportReport("a.jsonl", "x", 0, 0, 0, 0, 0, Map.of(), List.of(), 0, false);
    }
}
