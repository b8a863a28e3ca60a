package dev.tracedeck.analysis.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class LlmRoundsTest {

    private final TraceBuilder builder = new TraceBuilder();

    private void request(String thread, String time, int messages) {
        builder.add("LLM_CALL", time, thread, SourceRef.line("run.log", builder.size() + 1),
                "LLM_CALL curated_messages=" + messages, new Payload.LlmCall(OptionalInt.of(messages), OptionalInt.empty()));
    }

    private void answer(String thread, String time, int toolCalls) {
        builder.add("LLM_CALL", time, thread, SourceRef.line("run.log", builder.size() + 1),
                "LLM_CALL tool_calls=" + toolCalls, new Payload.LlmCall(OptionalInt.empty(), OptionalInt.of(toolCalls)));
    }

    private void message(String thread) {
        builder.add("MSG", "", thread, SourceRef.line("run.log", builder.size() + 1), "MSG",
                new Payload.ConversationMessage(Message.text("user", "hi"), OptionalInt.of(1), 2, false));
    }

    private Trace trace() {
        return builder.build(new ImportReport("run.log", "mycelian-log", 0, builder.size(), builder.size(), 0, 0, Map.of(),
                List.of(), 0, true));
    }

    @Test
    void pairsARequestWithItsThreadsNextAnswerAndSaysHowLongTheModelTook() {
        request("a:s1", "2025-09-05 10:15:03,003", 6);
        answer("a:s1", "2025-09-05 10:15:04,423", 1);
        Trace trace = trace();
        LlmRounds rounds = LlmRounds.of(trace.events());

        LlmRound round = rounds.round(trace.event(0)).orElseThrow();
        assertEquals(List.of(trace.event(0), trace.event(1)), round.events());
        assertEquals("6 messages in → 1 tool call out · 1.42 s", round.summary());
        assertEquals(round, rounds.round(trace.event(1)).orElseThrow(), "either half finds the same round");
        assertTrue(rounds.isPairedAnswer(trace.event(1)));
        assertFalse(rounds.isPairedAnswer(trace.event(0)));
        assertSame(trace.event(0), rounds.rowOf(trace.event(1)));
        assertSame(trace.event(0), rounds.rowOf(trace.event(0)));
        assertEquals(List.of(trace.event(0), trace.event(1)), rounds.step(trace.event(0)));
        assertEquals(1, rounds.pairedCount());
    }

    @Test
    void pairsWithinEachThreadWhenThreadsInterleave() {
        request("a:s1", "", 2);
        request("b:s1", "", 4);
        answer("b:s1", "", 0);
        answer("a:s1", "", 3);
        Trace trace = trace();
        LlmRounds rounds = LlmRounds.of(trace.events());

        assertEquals(List.of(trace.event(0), trace.event(3)), rounds.step(trace.event(0)));
        assertEquals(List.of(trace.event(1), trace.event(2)), rounds.step(trace.event(1)));
        assertSame(trace.event(0), rounds.rowOf(trace.event(3)));
        assertSame(trace.event(1), rounds.rowOf(trace.event(2)));
        assertEquals("2 messages in → 3 tool calls out", rounds.round(trace.event(0)).orElseThrow().summary(),
                "no times logged: no latency");
    }

    @Test
    void aRequestWhoseRunDiedMidCallStandsAloneAndSaysSo() {
        request("a:s1", "10:15:03", 6);
        builder.add("AINVOKE_ERROR", "10:15:09", "a:s1", SourceRef.line("run.log", 2), "AINVOKE_ERROR boom",
                new Payload.AgentError("boom"));
        answer("a:s1", "10:15:10", 1);
        request("a:s1", "10:15:11", 8);
        Trace trace = trace();
        LlmRounds rounds = LlmRounds.of(trace.events());

        assertEquals("6 messages in → no answer logged", rounds.round(trace.event(0)).orElseThrow().summary());
        assertEquals("1 tool call out (request not logged)", rounds.round(trace.event(2)).orElseThrow().summary());
        assertEquals("8 messages in → no answer logged", rounds.round(trace.event(3)).orElseThrow().summary(),
                "the log ends mid-call");
        assertEquals(List.of(trace.event(2)), rounds.step(trace.event(2)));
        assertFalse(rounds.isPairedAnswer(trace.event(2)));
        assertEquals(0, rounds.pairedCount());
    }

    @Test
    void aNewMessageOnTheThreadEndsTheWaitForAnAnswer() {
        request("a:s1", "", 6);
        message("a:s1");
        answer("a:s1", "", 1);
        Trace trace = trace();

        assertEquals(0, LlmRounds.of(trace.events()).pairedCount());
    }

    @Test
    void aRequestFollowedByAnotherRequestIsLeftUnanswered() {
        request("a:s1", "", 6);
        request("a:s1", "", 7);
        answer("a:s1", "", 1);
        Trace trace = trace();
        LlmRounds rounds = LlmRounds.of(trace.events());

        assertEquals(List.of(trace.event(0)), rounds.step(trace.event(0)));
        assertEquals(List.of(trace.event(1), trace.event(2)), rounds.step(trace.event(1)));
    }

    @Test
    void otherEventsBelongToNoRound() {
        message("a:s1");
        builder.add("LLM_CALL", "", "a:s1", SourceRef.line("run.log", 2), "LLM_CALL both",
                new Payload.LlmCall(OptionalInt.of(2), OptionalInt.of(1)));
        Trace trace = trace();
        LlmRounds rounds = LlmRounds.of(trace.events());

        assertTrue(rounds.round(trace.event(0)).isEmpty());
        assertTrue(rounds.round(trace.event(1)).isEmpty(), "a record with both counts is a whole call already");
        assertSame(trace.event(1), rounds.rowOf(trace.event(1)));
        assertTrue(LlmRounds.NONE.round(trace.event(0)).isEmpty());
    }

    @Test
    void latencyFromTimesOfDayAloneIsInWholeSecondsAndMayCrossMidnight() {
        request("a:s1", "10:15:03", 2);
        answer("a:s1", "10:15:05", 1);
        request("a:s1", "23:59:59,500", 2);
        answer("a:s1", "00:00:00,250", 1);
        request("a:s1", "2025-09-05 10:15:03,000", 2);
        answer("a:s1", "10:15:04,000", 1);
        Trace trace = trace();
        LlmRounds rounds = LlmRounds.of(trace.events());

        assertEquals("2 messages in → 1 tool call out · 2 s", rounds.round(trace.event(0)).orElseThrow().summary());
        assertEquals("2 messages in → 1 tool call out · 0.75 s", rounds.round(trace.event(2)).orElseThrow().summary());
        assertEquals("2 messages in → 1 tool call out", rounds.round(trace.event(4)).orElseThrow().summary(),
                "one time dated and one not: no latency rather than a guess");
    }

    @Test
    void formatsLongAndShortLatencies() {
        assertEquals("1.42 s", LlmRound.format(java.time.Duration.ofMillis(1420), true));
        assertEquals("12.3 s", LlmRound.format(java.time.Duration.ofMillis(12_345), true));
        assertEquals("2 min 05 s", LlmRound.format(java.time.Duration.ofMillis(125_000), true));
        assertEquals("<1 s", LlmRound.format(java.time.Duration.ZERO, false));
    }

    @Test
    void readsTheTimestampShapesLogsUse() {
        assertEquals(36_903_003L, LogTime.parse("2025-09-05 10:15:03,003").orElseThrow().millisOfDay());
        assertEquals(36_903_003L, LogTime.parse("2025-09-05T10:15:03.003").orElseThrow().millisOfDay());
        assertFalse(LogTime.parse("10:15:03").orElseThrow().hasMillis());
        assertTrue(LogTime.parse("").isEmpty());
        assertTrue(LogTime.parse("yesterday").isEmpty());
        assertTrue(LogTime.parse("2025-13-05 10:15:03").isEmpty());
    }
}
