package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.Payload;
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
 * The {@code smolagents} profile: the generic rules, with the observations of the tools smolagents truncates itself
 * left to it, and a step error judged as a failed step.
 */
class SmolagentsProfileTest {

    /** One call of each tool named, each answered by a result of {@code length} characters, read as {@code format}. */
    private static Trace results(String format, int length, String... tools) {
        TraceBuilder builder = new TraceBuilder();
        int line = 1;
        for (int i = 0; i < tools.length; i++) {
            String id = "call_" + i;
            Message call = new Message("assistant", "", List.of(new ToolCall(id, tools[i], "{}", Optional.empty(), false)), "");
            Message result = new Message("tool-response", "x".repeat(length), List.of(), id);
            builder.add("message", "", "line 1", new SourceRef("b.jsonl", line, line, "/intermediate_steps/" + (2 * i)), "",
                    new Payload.ConversationMessage(call, OptionalInt.of(2 * i), 0, false));
            builder.add("message", "", "line 1", new SourceRef("b.jsonl", line, line, "/intermediate_steps/" + (2 * i + 1)),
                    "", new Payload.ConversationMessage(result, OptionalInt.of(2 * i + 1), length, false));
        }
        return builder.build(new ImportReport("b.jsonl", format, 0, 1, 2L * tools.length, 0, 0, Map.of(), List.of(), 0, true));
    }

    /**
     * One step's parallel calls of the tools named, as smolagents keeps them: one message making them all, then one
     * observation of {@code length} characters answering the first, and for each further call a result read from that
     * same record, saying its output is in that observation.
     */
    private static Trace parallel(int length, String... tools) {
        TraceBuilder builder = new TraceBuilder();
        List<ToolCall> calls = new ArrayList<>();
        for (int i = 0; i < tools.length; i++) {
            calls.add(new ToolCall("call_" + i, tools[i], "{}", Optional.empty(), false));
        }
        builder.add("message", "", "line 1", new SourceRef("b.jsonl", 1, 1, "/intermediate_steps/2"), "",
                new Payload.ConversationMessage(new Message("tool-call", "Calling tools:", calls, ""), OptionalInt.of(2), 0, false));
        SourceRef observation = new SourceRef("b.jsonl", 1, 1, "/intermediate_steps/3");
        builder.add("message", "", "line 1", observation, "", new Payload.ConversationMessage(
                new Message("tool-response", "x".repeat(length), List.of(), "call_0"), OptionalInt.of(3), length, false));
        for (int i = 1; i < tools.length; i++) {
            String note = "(in the observation of call call_0: smolagents joins the outputs of parallel calls into one)";
            builder.add("message", "", "line 1", observation, "", new Payload.ConversationMessage(
                    new Message("tool-response", note, List.of(), "call_" + i), OptionalInt.of(3 + i), note.length(), false));
        }
        return builder.build(new ImportReport("b.jsonl", "smolagents", 0, 1, 2L + tools.length, 0, 0, Map.of(), List.of(), 0, true));
    }

    private static Check check(Trace trace, String ruleId) {
        return new Validator(RuleConfig.DEFAULT).validate(trace).threads().get(0).checks().stream()
                .filter(c -> c.ruleId().equals(ruleId)).findFirst().orElseThrow();
    }

    @Test
    void theObservationsSmolagentsTruncatesItselfAreNotJudgedAndOtherToolsAre() {
        Check capped = check(results("smolagents", 40_137, "python_interpreter", "visit_webpage"), "oversized-tool-output");
        assertEquals(CheckStatus.NOT_APPLICABLE, capped.status());
        assertTrue(capped.reason().contains("smolagents truncates these observations itself"), capped.reason());
        Check other = check(results("smolagents", 12_000, "python_interpreter", "web_search"), "oversized-tool-output");
        assertEquals(CheckStatus.FAIL, other.status(), "web_search returns what it returns");
        assertEquals(1, other.findings().size());
        assertEquals(CheckStatus.FAIL, check(results("openai-chat", 40_137, "python_interpreter"), "oversized-tool-output")
                .status(), "elsewhere a tool of that name caps nothing");
    }

    @Test
    void theObservationOfParallelCallsIsHeldToTheLimitOutputByOutput() {
        Check fourSearches = check(parallel(10_832, "web_search", "web_search", "web_search", "web_search"),
                "oversized-tool-output");
        assertEquals(CheckStatus.PASS, fourSearches.status(), "four outputs of 2,708 characters on average: none need be over");
        Check twoOver = check(parallel(20_001, "web_search", "web_search"), "oversized-tool-output");
        assertEquals(CheckStatus.FAIL, twoOver.status(), "two outputs in 20,001 characters: one is over 10,000");
        assertTrue(twoOver.findings().get(0).message().contains("is 20001 characters, the outputs of 2 parallel calls"
                + " smolagents joins into one: at least one of them is over the limit (10000)"), twoOver.findings().get(0).message());
        Check withPage = check(parallel(45_000, "web_search", "visit_webpage"), "oversized-tool-output");
        assertTrue(withPage.findings().isEmpty(), "a page smolagents cut at 40,000 characters is in the join");
    }

    @Test
    void aStepErrorIsAFailedStepAndNoSpanIsNamed() {
        TraceBuilder builder = new TraceBuilder();
        builder.add("step_error", "", "line 1", new SourceRef("b.jsonl", 1, 1, "/intermediate_steps/3"), "",
                new Payload.AgentError("step error: Error in code parsing: no <code> block"));
        Trace trace = builder.build(new ImportReport("b.jsonl", "smolagents", 0, 1, 1, 0, 0, Map.of(), List.of(), 0, true));
        Check failed = check(trace, "failed-span");
        assertEquals(CheckStatus.FAIL, failed.status());
        assertEquals("step error: Error in code parsing: no <code> block", failed.findings().get(0).message());
        assertEquals("smolagents", RuleProfile.forFormat("smolagents").id());
    }
}
