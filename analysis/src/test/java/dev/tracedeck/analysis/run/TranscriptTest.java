package dev.tracedeck.analysis.run;

import static dev.tracedeck.analysis.run.RunFixtures.call;
import static dev.tracedeck.analysis.run.RunFixtures.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

class TranscriptTest {

    private final RunFixtures f = new RunFixtures();

    @Test
    void readsAsAConversationWithEachCallsResultBesideItAndSubAgentsWhereTheyStarted() {
        f.user("s", "", "write a poem");
        f.record("s", "", "progress", EventKind.JSON, "progress", json("type", "progress"));
        Event ask = f.assistant("s", "", "[thinking: 1,204 characters]\nI'll ask a helper.", call("c1", "Task", "{\"prompt\":\"curry\"}"),
                call("c2", "Bash", "{}"));
        f.user("s/agent-1", "", "curry");
        f.assistant("s/agent-1", "", "Crimson river in a bowl");
        f.builder.recordStartedBy("s/agent-1", ask, "c1");
        f.result("s", "", "c2", "[error] permission denied");
        f.result("s", "", "c1", "Crimson river in a bowl");
        f.assistant("s", "", "Here it is.");
        f.error("s", "", "the API timed out");
        Trace trace = f.trace();

        Transcript transcript = Transcript.of(trace);

        List<String> shown = transcript.entries().stream()
                .map(e -> "  ".repeat(e.depth()) + e.kind() + " " + e.title() + ": " + Transcript.text(e)
                        + e.result().map(r -> " → " + Transcript.resultText(e)).orElse(""))
                .toList();
        assertEquals(List.of(
                "USER user: write a poem",
                "THINKING thinking: [thinking: 1,204 characters]",
                "ASSISTANT assistant: I'll ask a helper.",
                "TOOL Task: {\"prompt\":\"curry\"} → Crimson river in a bowl",
                "  SUBAGENT sub-agent s/agent-1: ",
                "  USER user: curry",
                "  ASSISTANT assistant: Crimson river in a bowl",
                "TOOL Bash: {} → [error] permission denied",
                "ASSISTANT assistant: Here it is.",
                "ERROR error: the API timed out"), shown);
        assertTrue(Transcript.isError(transcript.entries().get(7)));
        assertEquals(3, transcript.entryOf(ask.seq() + 4), "a result's event finds the call it is shown beside");
    }

    @Test
    void eachRunIsHeadedByWhatTheTraceSaysOfIt() {
        f.user("sample 1 epoch 1", "", "how many orders?");
        Event wrong = f.assistant("sample 1 epoch 1", "", "41");
        f.builder.recordOutcome(wrong, dev.tracedeck.model.recorded.RecordedOutcome.Verdict.FAILED, "match", "I (incorrect)");
        f.user("sample 1 epoch 2", "", "how many orders?");
        f.assistant("sample 1 epoch 2", "", "42");

        List<String> heads = Transcript.of(f.trace()).entries().stream()
                .filter(e -> e.kind() == TranscriptEntry.Kind.SUBAGENT).map(TranscriptEntry::title).toList();

        assertEquals(List.of("agent sample 1 epoch 1 · failed: I (incorrect) (match)", "agent sample 1 epoch 2"), heads);
    }
}
