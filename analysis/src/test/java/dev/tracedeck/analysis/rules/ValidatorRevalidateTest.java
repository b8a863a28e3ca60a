package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

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

/** Checking a grown trace again checks the threads said to have changed and keeps the others' checklists. */
class ValidatorRevalidateTest {

    private static Trace trace(int threads) {
        TraceBuilder builder = new TraceBuilder();
        for (int t = 0; t < threads; t++) {
            builder.add("message", "", "t" + t, SourceRef.line("chat.jsonl", t + 1), "hi",
                    new Payload.ConversationMessage(Message.text("user", "hi"), OptionalInt.of(0), 2, false));
        }
        return builder.build(new ImportReport("chat.jsonl", "openai-chat", 100, threads, threads, 0, 0, Map.of(), List.of(), 0, true));
    }

    @Test
    void onlyTheChangedAndTheNewThreadsAreCheckedAgain() {
        Validator validator = new Validator(RuleConfig.DEFAULT);
        Validation first = validator.validate(trace(3));
        Trace grown = trace(4);
        Validation again = validator.revalidate(grown, first, id -> id.equals("t1"));

        assertSame(first.threads().get(0), again.threads().get(0), "t0 did not change: its checklist is kept");
        assertNotSame(first.threads().get(1), again.threads().get(1), "t1 changed: checked again");
        assertSame(first.threads().get(2), again.threads().get(2));
        assertEquals(List.of("t0", "t1", "t2", "t3"), again.threads().stream().map(ThreadChecklist::threadId).toList(),
                "t3 is new: checked although not named");
        assertEquals(validator.validate(grown), again);
    }
}
