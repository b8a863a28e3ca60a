package dev.tracedeck.analysis.run;

import static dev.tracedeck.analysis.run.RunFixtures.call;
import static dev.tracedeck.analysis.run.RunFixtures.json;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class RunTreeBuilderTest {

    private final RunFixtures f = new RunFixtures();

    @Test
    void anAgentIsTurnsOfModelCallsWhoseToolCallsHoldTheirResultsAndTheSubAgentsTheyStarted() {
        f.user("s", "2026-01-01T10:00:00Z", "write three poems");
        Event ask = f.assistant("s", "2026-01-01T10:00:02Z", "on it", call("c1", "Task", "{}"), call("c2", "Bash", "{\"command\":\"ls\"}"));
        f.billed(ask, "claude-opus", 1000, 50);
        f.record("s", "2026-01-01T10:00:03Z", "progress", EventKind.JSON, "progress", json("type", "progress"));
        Event subUser = f.user("s/agent-1", "2026-01-01T10:00:03Z", "a poem about curry");
        f.assistant("s/agent-1", "2026-01-01T10:00:09Z", "Crimson river…");
        f.builder.recordStartedBy("s/agent-1", ask, "c1");
        f.result("s", "2026-01-01T10:00:10Z", "c1", "the poem");
        Event failed = f.result("s", "2026-01-01T10:00:04Z", "c2", "[error] no such file");
        Trace trace = f.trace();

        RunTree tree = RunTreeBuilder.build(trace);

        assertEquals(1, tree.rootCount(), "the sub-agent hangs under its call, not beside the run");
        int agent = tree.root(0);
        assertEquals(RunNodeKind.AGENT, tree.kind(agent));
        int turn = tree.child(agent, 0);
        assertEquals(RunNodeKind.TURN, tree.kind(turn));
        assertEquals("turn 1 · write three poems", tree.name(turn));
        int model = tree.child(turn, 0);
        assertEquals("model call claude-opus", tree.name(model));
        assertEquals(1050, tree.tokens(model));
        assertEquals(2, tree.childCount(model));
        int task = tree.child(model, 0);
        int bash = tree.child(model, 1);
        assertEquals("Task", tree.name(task));
        assertEquals("Bash", tree.name(bash));
        assertTrue(tree.failed(bash), "an error result marks its call");
        assertFalse(tree.failed(task));
        assertEquals(ask.seq(), tree.anchor(task), "a call's node stands for the message that makes it");
        assertEquals(8_000_000, tree.end(task) - tree.start(task), "from the call to its result");
        int sub = tree.child(task, 0);
        assertEquals(RunNodeKind.AGENT, tree.kind(sub));
        assertTrue(tree.name(sub).startsWith("sub-agent agent-1"), tree.name(sub));
        assertEquals(sub, tree.parent(tree.child(sub, 0)));
        assertEquals(tree.child(sub, 0), tree.nodeOf(subUser.seq()));
        assertEquals(bash, tree.nodeOf(2), "a harness record belongs to the step open when it came");
        for (Event e : trace.events()) {
            assertTrue(tree.nodeOf(e.seq()) >= 0, "every event has a node: " + e.seq());
        }
    }

    @Test
    void spansHangUnderTheirParentsAcrossThreadsWithTheirOwnTimesAndStatus() {
        f.span("t1", "invoke_agent joke_agent", "AGENT", "a", "", "2026-01-01T10:00:00Z", "2026-01-01T10:00:05Z", "OK");
        f.user("t1", "2026-01-01T10:00:00Z", "tell a joke");
        Event chat = f.span("t1", "chat gpt-4o-mini", "LLM", "b", "a", "2026-01-01T10:00:01Z", "2026-01-01T10:00:02.500Z", "OK");
        f.billed(chat, "gpt-4o-mini", 120, 30);
        f.span("t1/sub", "execute_tool search", "TOOL", "c", "a", "2026-01-01T10:00:03Z", "2026-01-01T10:00:04Z", "ERROR");
        Trace trace = f.trace();

        RunTree tree = RunTreeBuilder.build(trace);

        assertEquals(1, tree.rootCount());
        int agent = tree.root(0);
        assertEquals("invoke_agent joke_agent", tree.name(agent));
        assertEquals(RunNodeKind.AGENT, tree.kind(agent));
        assertEquals(2, tree.childCount(agent));
        int model = tree.child(agent, 0);
        assertEquals(RunNodeKind.MODEL, tree.kind(model));
        assertEquals(1_500_000, tree.end(model) - tree.start(model));
        assertEquals(150, tree.tokens(model));
        assertEquals(150, tree.subtreeTokens(agent));
        int tool = tree.child(agent, 1);
        assertEquals(RunNodeKind.TOOL, tree.kind(tool));
        assertTrue(tree.failed(tool));
        assertEquals(agent, tree.nodeOf(1), "a span's messages are its events");
        assertArrayEquals(new int[] {0, 1}, tree.events(agent));
        assertEquals(tree.start(agent), tree.axisStart());
    }

    @Test
    void aParentLinkThatWouldCloseALoopIsLeftOut() {
        f.span("t1", "a", "SPAN", "a", "b", "2026-01-01T10:00:00Z", "2026-01-01T10:00:01Z", "OK");
        f.span("t1", "b", "SPAN", "b", "a", "2026-01-01T10:00:00Z", "2026-01-01T10:00:01Z", "OK");

        RunTree tree = RunTreeBuilder.build(f.trace());

        assertEquals(2, tree.size());
        assertEquals(1, tree.rootCount());
    }

    @Test
    void aFindingCountsInTheNodeOfItsFirstEvidenceAndEveryNodeAboveIt() {
        f.user("s", "2026-01-01T10:00:00Z", "go");
        Event call = f.assistant("s", "2026-01-01T10:00:01Z", "", call("c1", "Bash", "{}"));
        f.result("s", "2026-01-01T10:00:02Z", "c1", "ok");
        Trace trace = f.trace();
        RunTree tree = RunTreeBuilder.build(trace);
        Finding finding = new Finding("repeated-tool-call", Severity.WARNING, "s", OptionalInt.empty(), "twice",
                List.of(trace.event(2)), List.of());

        int[] counts = tree.findingCounts(List.of(finding));

        int tool = tree.nodeOf(2);
        assertEquals(1, counts[tool]);
        assertEquals(1, counts[tree.root(0)]);
        assertEquals(1, counts[tree.nodeOf(0)], "the turn holds it too");
        assertEquals(call.seq(), tree.anchor(tool));
    }

    @Test
    void anAgentThatFailedByTheTracesOwnAccountSaysSoWithItsName() {
        RunFixtures f = new RunFixtures();
        f.user("sample 1 epoch 1", "", "how many orders?");
        Event answer = f.assistant("sample 1 epoch 1", "", "41");
        f.builder.recordOutcome(answer, dev.tracedeck.model.recorded.RecordedOutcome.Verdict.FAILED, "match", "I (incorrect)");
        f.user("sample 2 epoch 1", "", "how many orders?");
        Event right = f.assistant("sample 2 epoch 1", "", "42");
        f.builder.recordOutcome(right, dev.tracedeck.model.recorded.RecordedOutcome.Verdict.PASSED, "match", "C (correct)");

        RunTree tree = RunTreeBuilder.build(f.trace());

        assertEquals("agent sample 1 epoch 1 · failed: I (incorrect) (match)", tree.name(tree.root(0)));
        assertTrue(tree.failed(tree.root(0)));
        assertEquals("agent sample 2 epoch 1 · passed: C (correct) (match)", tree.name(tree.root(1)));
        assertFalse(tree.failed(tree.root(1)));
    }
}
