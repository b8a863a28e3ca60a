package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Threads checked while their trace is read give the verdict checking the built trace gives: a checklist made ahead
 * is taken only for the very thread the trace holds, judged by the same profile with the same model.
 */
class ChecksAheadTest {

    private final Validator validator = new Validator(RuleConfig.DEFAULT);
    private final TraceBuilder builder = new TraceBuilder();
    private final ChecksAhead ahead = new ChecksAhead(validator);
    private int line;

    /** A conversation whose assistant calls a tool that never answers: a finding to carry. */
    private void conversation(String thread) {
        message(thread, Message.text("user", "look it up"), 0);
        message(thread, new Message("assistant", "", List.of(new ToolCall("call_" + thread, "search", "{}", Optional.empty(), false)), ""), 1);
    }

    private void message(String thread, Message message, int index) {
        line++;
        builder.add("message", "", thread, SourceRef.line("chat.jsonl", line), "text",
                new Payload.ConversationMessage(message, OptionalInt.of(index), message.content().length(), false));
    }

    private void request(String thread, String model) {
        line++;
        builder.add("request", "", thread, SourceRef.line("chat.jsonl", line), "{}",
                new Payload.JsonRecord("request", new JsonValue.JsonObject(Map.of("model", new JsonValue.JsonString(model)))));
    }

    /** Reads {@code thread} to its end as an importer says so, and checks it at once. */
    private ThreadChecklist readAndCheck(String thread, String rulesFormat) {
        return ahead.read(builder.thread(thread).orElseThrow(), rulesFormat).run().orElseThrow();
    }

    private Trace build() {
        return builder.build(new ImportReport("chat.jsonl", "openai-chat", 100, line, line, 0, 0, Map.of(), List.of(), 0, true));
    }

    private Validation verdict(Trace trace) {
        List<ThreadChecklist> handed = new ArrayList<>();
        Validation verdict = validator.validateThreads(trace, ahead, checklist -> {
            synchronized (handed) {
                handed.add(checklist);
            }
        });
        assertEquals(trace.threads().size(), handed.size(), "every thread's checklist is handed on, made ahead or not");
        return verdict;
    }

    @Test
    void threadsReadToTheirEndAreNotCheckedAgain() {
        List<ThreadChecklist> made = new ArrayList<>();
        for (String thread : List.of("a", "b", "c")) {
            conversation(thread);
            made.add(readAndCheck(thread, "openai-chat"));
        }
        Trace trace = build();

        Validation verdict = verdict(trace);

        assertEquals(validator.validateThreads(trace, checklist -> { }), verdict);
        for (int i = 0; i < made.size(); i++) {
            assertSame(made.get(i), verdict.threads().get(i), "the checklist made as " + made.get(i).threadId() + " was read");
        }
        assertEquals(3, ahead.used());
        assertEquals(1, verdict.threads().get(0).findings().size(), "the unanswered call is found");
    }

    @Test
    void aThreadThatGrewAfterItWasReadIsCheckedAgain() {
        conversation("a");
        ThreadChecklist early = readAndCheck("a", "openai-chat");
        // The file's end adds to the thread read last (a record saying where the file is cut short).
        message("a", Message.text("tool", "found it"), 2);
        Trace trace = build();

        Validation verdict = verdict(trace);

        assertNotSame(early, verdict.threads().get(0));
        assertEquals(validator.validateThreads(trace, checklist -> { }), verdict);
        assertEquals(0, ahead.used());
    }

    @Test
    void aThreadJudgedWithAModelTheTraceTurnsOutNotToHaveIsCheckedAgain() {
        // Read first, "a" names no model; "b" does, but "c", read before "b" was, is the trace's first thread.
        conversation("c");
        conversation("a");
        ThreadChecklist guessed = readAndCheck("a", "openai-chat");
        conversation("b");
        request("b", "gpt-4o");
        ThreadChecklist own = readAndCheck("b", "openai-chat");
        request("c", "claude-sonnet-4");
        ThreadChecklist c = readAndCheck("c", "openai-chat");
        Trace trace = build();

        Validation verdict = verdict(trace);

        assertEquals(validator.validateThreads(trace, checklist -> { }), verdict);
        assertNotSame(guessed, verdict.threads().get(1), "a was judged with no model, the trace's is claude-sonnet-4");
        assertSame(own, verdict.threads().get(2), "b names its own model");
        assertSame(c, verdict.threads().get(0));
    }

    @Test
    void aThreadCheckedWithAnotherFormatsRulesIsCheckedAgain() {
        conversation("a");
        ThreadChecklist anthropic = readAndCheck("a", "anthropic");
        Trace trace = build();

        Validation verdict = verdict(trace);

        assertNotSame(anthropic, verdict.threads().get(0));
        assertEquals(validator.validateThreads(trace, checklist -> { }), verdict);
    }

    @Test
    void threadsNeverSaidToBeReadAreCheckedWithTheTrace() {
        conversation("a");
        ThreadChecklist a = readAndCheck("a", "openai-chat");
        conversation("b");
        Trace trace = build();

        Validation verdict = verdict(trace);

        assertSame(a, verdict.threads().get(0));
        assertEquals(validator.validateThreads(trace, checklist -> { }), verdict);
        assertEquals(1, ahead.used());
    }

    @Test
    void aCheckNotStartedByTheVerdictIsRunThereOnceAndNotAfter() {
        conversation("a");
        ChecksAhead.Check check = ahead.read(builder.thread("a").orElseThrow(), "openai-chat");
        Trace trace = build();

        Validation verdict = verdict(trace);

        assertEquals(validator.validateThreads(trace, checklist -> { }), verdict);
        assertEquals(1, ahead.used(), "the verdict ran the check the import handed on");
        assertEquals(Optional.empty(), check.run(), "and it runs no more where it was handed");
    }
}
