package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.chat.RepeatedToolCall;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** {@code repeated-tool-call} on a chat history: a loop learns nothing new; polling sees its result change. */
class RepeatedToolCallTest {

    private static final RepeatedToolCall RULE = new RepeatedToolCall();
    private static final String POLL = "{\"session_id\":7,\"chars\":\"\",\"yield_time_ms\":5000}";

    /** The model calls {@code write_stdin} with the same arguments once per given result, each answered by it. */
    private static TraceThread polls(String... results) {
        TraceBuilder b = new TraceBuilder();
        int line = 1;
        int idx = 0;
        for (String result : results) {
            String id = "call_" + idx;
            Message call = new Message("assistant", "", List.of(new ToolCall(id, "write_stdin", POLL, Optional.empty(),
                    false)), "");
            Message answer = new Message("tool", result, List.of(), id);
            for (Message m : List.of(call, answer)) {
                int at = line++;
                b.add("message", "", "t", new SourceRef("f.jsonl", at, at, "/payload"), "",
                        new Payload.ConversationMessage(m, OptionalInt.of(idx++), m.content().length(), false));
            }
        }
        return new TraceThread("t", b.build(new ImportReport("f.jsonl", "x", 0, 0, 0, 0, 0, Map.of(), List.of(), 0, true))
                .threads().get(0).events());
    }

    @Test
    void theSameCallGettingTheSameResultAgainAndAgainIsALoop() {
        List<RuleOutcome.Problem> problems = RULE.check(polls("still building", "still building", "still building"),
                RuleParameters.DEFAULTS).problems();
        assertEquals(1, problems.size());
        assertEquals("write_stdin called 3 times in a row with the same arguments", problems.get(0).message());
    }

    @Test
    void theSameCallWhoseResultChangesEachTimeIsPollingNotALoop() {
        assertTrue(RULE.check(polls("compiling 1/3", "compiling 2/3", "compiling 3/3"), RuleParameters.DEFAULTS)
                .problems().isEmpty());
        assertEquals(1, RULE.check(polls("compiling 1/3", "compiling 2/3", "compiling 2/3", "compiling 2/3", "compiling 2/3"),
                RuleParameters.DEFAULTS).problems().size(), "once the output stops changing, it is a loop again");
    }
}
