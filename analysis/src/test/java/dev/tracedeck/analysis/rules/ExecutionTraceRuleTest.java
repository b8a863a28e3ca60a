package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.state.ExecutionTraceInConversation;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.state.SnapshotSection;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tool traces belong in the execution section, not in the conversation once the run has ended. */
class ExecutionTraceRuleTest {

    private static final StateEntry USER = entry(0, "human", List.of(), "", "weather?");
    private static final StateEntry CALL = entry(1, "ai", List.of("c1"), "", "");
    private static final StateEntry RESULT = entry(2, "tool", List.of(), "c1", "sunny");
    private static final StateEntry ANSWER = entry(3, "ai", List.of(), "", "It is sunny.");
    private final ExecutionTraceInConversation rule = new ExecutionTraceInConversation();

    private static StateEntry entry(int idx, String type, List<String> ids, String answers, String content) {
        return new StateEntry(idx, type, "", ids.size(), ids.isEmpty() ? List.of() : List.of("get_weather"), false,
                content, false, ids, answers);
    }

    private static StateSnapshot state(List<StateEntry> messages, List<StateEntry> buffer, List<String> next) {
        StateSnapshot s = StateSnapshot.ofMessages("t", messages.size(), messages, new int[messages.size()])
                .withSections(List.of(new SnapshotSection("execution_buffer", buffer, buffer.stream().map(e -> 1).toList())));
        return next == null ? s : s.withNext(next);
    }

    private static TraceThread thread(StateSnapshot... snapshots) {
        TraceBuilder b = new TraceBuilder();
        for (StateSnapshot s : snapshots) {
            b.addSnapshot("state", "", SourceRef.line("f", 1), "", s);
        }
        Trace trace = b.build(new ImportReport("f", "langgraph", 0, 0, 0, 0, 0, Map.of(), List.of(), 0, true));
        return trace.threads().get(0);
    }

    @Test
    void flagsEachToolTraceLeftInTheConversationOnceTheRunEnded() {
        TraceThread t = thread(state(List.of(USER), List.of(), List.of("agent")),
                state(List.of(USER, CALL, RESULT), List.of(CALL, RESULT), List.of("agent")),
                state(List.of(USER, CALL, RESULT, ANSWER), List.of(), List.of()));
        RuleOutcome outcome = rule.check(t, RuleParameters.DEFAULTS);
        assertTrue(outcome.applicable());
        assertEquals(2, outcome.problems().size());
        assertEquals("conversation entry 1 is a tool call (get_weather) kept after the run ended; tool traces belong in "
                + "execution_buffer", outcome.problems().get(0).message());
        assertEquals(1, outcome.problems().get(0).blamed().get(0).position());
        assertEquals(t.snapshots().get(2), outcome.problems().get(0).evidence().get(0));
    }

    @Test
    void passesTracesThatStayInTheExecutionSectionDuringTheRun() {
        TraceThread t = thread(state(List.of(USER), List.of(CALL, RESULT), List.of("agent")),
                state(List.of(USER, ANSWER), List.of(), List.of()));
        assertEquals(List.of(), rule.check(t, RuleParameters.DEFAULTS).problems());
    }

    @Test
    void withoutNextTheLastDumpIsTheEndOfTheRun() {
        TraceThread t = thread(state(List.of(USER, CALL), List.of(CALL), null), state(List.of(USER, ANSWER), List.of(), null));
        assertEquals(List.of(), rule.check(t, RuleParameters.DEFAULTS).problems());
        TraceThread leaked = thread(state(List.of(USER, CALL, RESULT, ANSWER), List.of(), null));
        assertEquals(2, rule.check(leaked, RuleParameters.DEFAULTS).problems().size());
    }

    @Test
    void isNotApplicableWithoutAnExecutionSectionOrWithoutState() {
        TraceThread plain = thread(StateSnapshot.ofMessages("t", 2, List.of(USER, CALL), new int[2]).withNext(List.of()));
        RuleOutcome outcome = rule.check(plain, RuleParameters.DEFAULTS);
        assertFalse(outcome.applicable());
        assertTrue(outcome.reason().contains("execution section"), outcome.reason());
        assertFalse(rule.check(new TraceThread("t", List.of()), RuleParameters.DEFAULTS).applicable());
    }

    @Test
    void isInTheLangGraphProfileOnly() {
        assertTrue(RuleProfile.forFormat("langgraph").rule(ExecutionTraceInConversation.ID).isPresent());
        assertFalse(RuleProfile.forFormat("langchain").rule(ExecutionTraceInConversation.ID).isPresent());
        assertTrue(RuleProfile.allRules().stream().anyMatch(r -> r.id().equals(ExecutionTraceInConversation.ID)));
    }
}
