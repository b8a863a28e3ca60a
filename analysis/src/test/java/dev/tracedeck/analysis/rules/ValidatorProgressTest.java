package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The validator says how many threads it has checked, once per thread, and keeps the threads' order. */
class ValidatorProgressTest {

    @Test
    void everyThreadCheckedIsCountedOnceAndTheChecklistsKeepTheTracesOrder() {
        TraceBuilder builder = new TraceBuilder();
        for (int t = 0; t < 40; t++) {
            builder.add("message", "", "t" + t, SourceRef.line("chat.jsonl", t + 1), "hi",
                    new Payload.ConversationMessage(Message.text("user", "hi"), OptionalInt.of(0), 2, false));
        }
        Trace trace = builder.build(new ImportReport("chat.jsonl", "openai-chat", 100, 40, 40, 0, 0, Map.of(), List.of(), 0, true));
        Set<Integer> counts = ConcurrentHashMap.newKeySet();
        Validation validation = new Validator(RuleConfig.DEFAULT).validate(trace, counts::add);
        assertEquals(40, counts.size(), "each count from 1 to 40 told once");
        assertEquals(40, counts.stream().mapToInt(Integer::intValue).max().orElse(0));
        assertEquals(trace.threads().stream().map(t -> t.id()).toList(),
                validation.threads().stream().map(ThreadChecklist::threadId).toList());
    }
}
