package dev.tracedeck.analysis.recorded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.ContextPeak;
import dev.tracedeck.analysis.tokens.ContextPoint;
import dev.tracedeck.analysis.tokens.ModelChoice;
import dev.tracedeck.analysis.tokens.ModelProfiles;
import dev.tracedeck.analysis.tokens.ThreadContext;
import dev.tracedeck.analysis.tokens.Tokenizer;
import dev.tracedeck.analysis.tokens.TraceModel;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** What a trace records about its model calls is the truth the rules and counts go by. */
class RecordedRunTest {

    private static Check check(Trace trace, String rule) {
        ThreadChecklist checklist = new Validator(RuleConfig.DEFAULT).validate(trace).threads().get(0);
        return checklist.checks().stream().filter(c -> c.ruleId().equals(rule)).findFirst().orElseThrow();
    }

    @Test
    void theModelARecordedCallNamesIsTheTracesAndSetsTheWindow() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("Fix the failing test.");
        run.billed("claude-opus-4-6", 20_000);
        Trace trace = run.trace();
        assertEquals(Optional.of("claude-opus-4-6"), TraceModel.of(trace));
        ModelChoice choice = ModelChoice.of(trace, null, null, ModelProfiles.defaults());
        assertEquals("named by the trace", choice.source());
        assertEquals(200_000, choice.profile().contextLimit());
    }

    @Test
    void theRecordedUsageIsJudgedAndTheEstimateIsShownBesideIt() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("Fix the failing test.");
        run.billed("claude-opus-4-6", 100_000);
        run.user("And the next one.");
        Event crossing = run.billed("claude-opus-4-6", 165_000);
        run.billed("claude-opus-4-6", 170_000);
        Trace trace = run.trace();
        Check preflight = check(trace, "context-preflight");
        assertEquals(CheckStatus.FAIL, preflight.status(), preflight.toString());
        String message = preflight.findings().get(0).message();
        assertTrue(message.contains("read 165,000 prompt tokens (the usage the provider billed)"), message);
        assertTrue(message.contains("over the 80% trigger of claude-opus-4-6's 200,000-token window"), message);
        assertTrue(message.contains("it stays above the trigger for 1 more point"), message);
        assertTrue(message.contains("Tracedeck's own count of the history there is"), message);
        assertEquals(crossing, preflight.findings().get(0).evidence().get(0));
        assertEquals(CheckStatus.PASS, check(trace, "context-overflow").status());
    }

    @Test
    void theAgentThatCompactsAContextIsNotHeldToThePreflightTriggerButStillToTheWindow() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("Your task is to create a detailed summary of the conversation so far.");
        run.billed("claude-opus-4-6", 169_290);
        Check preflight = check(run.compactionAgent().trace(), "context-preflight");
        assertEquals(CheckStatus.NOT_APPLICABLE, preflight.status(), preflight.toString());
        assertTrue(preflight.reason().contains("compacting another thread's context"), preflight.reason());
        assertEquals(CheckStatus.PASS, check(run.compactionAgent().trace(), "context-overflow").status(),
                "the window still holds the compaction agent");
    }

    @Test
    void aCallBilledMoreThanTheListedWindowShowsTheRunHadALargerOne() {
        // Claude Code on Sonnet 4.5 with the 1M-token context: its transcript names the model without the window.
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("Read the whole log and find the first failure.");
        run.billed("claude-sonnet-4-5-20250929", 150_000);
        run.billed("claude-sonnet-4-5-20250929", 230_000);
        run.billed("claude-sonnet-4-5-20250929", 310_000);
        Trace trace = run.trace();
        for (String rule : List.of("context-overflow", "context-preflight")) {
            Check check = check(trace, rule);
            assertEquals(CheckStatus.NOT_APPLICABLE, check.status(), check.toString());
            assertTrue(check.reason().contains("the provider answered the model call at line 4 and billed it 310,000 "
                    + "prompt tokens, more than claude-sonnet-4-5-20250929's 200,000-token window: the run had a "
                    + "larger window"), check.reason());
        }
    }

    @Test
    void aWindowAssumedBecauseTheTraceNamesNoModelIsSaidToBe() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("word ".repeat(150_000));
        Trace trace = run.trace();
        assertEquals(Optional.empty(), TraceModel.of(trace));
        Check overflow = check(trace, "context-overflow");
        assertEquals(CheckStatus.FAIL, overflow.status());
        String message = overflow.findings().get(0).message();
        assertTrue(message.contains("over the 128,000-token window of gpt-4o, assumed as the trace names no model "
                + "(--config sets model or contextLimit)"), message);
    }

    @Test
    void aSmallRecordedUsageWinsOverAnEstimateThatWouldOverflow() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("word ".repeat(150_000));
        run.billed("gpt-4o", 40_000);
        Trace trace = run.trace();
        assertTrue(new ThreadContext(ChatFormat.GPT_4O).points(trace.threads().get(0)).get(0).count().tokens() > 128_000,
                "the estimate alone would overflow gpt-4o's window");
        assertEquals(CheckStatus.PASS, check(trace, "context-overflow").status());
        assertEquals(CheckStatus.PASS, check(trace, "context-preflight").status());
    }

    @Test
    void aCompactionStartsTheCountAgain() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("word ".repeat(5_000));
        run.assistant("word ".repeat(5_000));
        run.compaction(10_500);
        run.user("This session is being continued from a previous conversation. Summary: short.");
        List<ContextPoint> points = new ThreadContext(ChatFormat.GPT_4O).points(run.trace().threads().get(0));
        assertEquals(3, points.size());
        assertTrue(points.get(1).count().tokens() > 10_000, points.toString());
        assertTrue(points.get(2).count().tokens() < 100, "after the compaction only the summary counts: " + points.get(2));
        assertEquals(1, points.get(2).messages());
    }

    @Test
    void aThreadsPeakIsThatOfItsPointsInEveryCounting() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("word ".repeat(2_000) + "東京 🚆");
        run.calls("toolu_1", "toolu_2");
        run.result("toolu_1", "line\n".repeat(3_000));
        run.result("toolu_2");
        run.compaction(9_000);
        run.user("Summary: short.");
        run.assistant("word ".repeat(500));
        TraceThread thread = run.trace().threads().get(0);
        for (ThreadContext context : List.of(new ThreadContext(ChatFormat.GPT_4O), ThreadContext.upperBounds(ChatFormat.GPT_4O),
                ThreadContext.counting(ChatFormat.GPT_4O, Tokenizer.lengthBound(ChatFormat.GPT_4O.encoding())))) {
            List<ContextPoint> points = context.points(thread);
            ContextPeak peak = context.peak(thread);
            assertEquals(ContextPeak.of(points), peak);
            assertEquals(6, peak.points());
            assertEquals(points.get(3).count().tokens(), peak.highest(), "the highest is before the compaction: " + points);
        }
    }

    @Test
    void aThreadWithoutMessagesPeaksAtNothing() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.compaction(9_000);
        TraceThread thread = run.trace().threads().get(0);
        assertEquals(new ContextPeak(0, 0, false), ThreadContext.upperBounds(ChatFormat.GPT_4O).peak(thread));
        assertEquals(ContextPeak.of(List.of()), ThreadContext.upperBounds(ChatFormat.GPT_4O).peak(thread));
    }

    @Test
    void theCallsOfTheAnswerATraceEndsAtAreNotJudged() {
        RecordedRunFixture response = new RecordedRunFixture();
        response.calls("toolu_1", "toolu_2");
        Check lone = check(response.endsAtModelAnswer().trace(), "orphaned-tool-call");
        assertEquals(CheckStatus.NOT_APPLICABLE, lone.status());
        assertTrue(lone.reason().contains("the trace ends at the model's answer"), lone.reason());

        RecordedRunFixture session = new RecordedRunFixture();
        session.user("Read both files.");
        session.calls("toolu_1", "toolu_2");
        assertEquals(CheckStatus.FAIL, check(session.trace(), "orphaned-tool-call").status(),
                "a recorded session that ends without the results is an error");
    }

    @Test
    void theCallsARequestsHistoryIsCutShortAfterAreNotJudgedTheEarlierOnesAre() {
        RecordedRunFixture cut = new RecordedRunFixture();
        cut.user("Read both files.");
        cut.calls("toolu_1", "toolu_2");
        cut.result("toolu_1");
        Check check = check(cut.historyCutShort().trace(), "orphaned-tool-call");
        assertEquals(CheckStatus.NOT_APPLICABLE, check.status(), "toolu_2's result was in the messages cut off");
        assertTrue(check.reason().contains("cut short after the model's calls"), check.reason());

        RecordedRunFixture earlier = new RecordedRunFixture();
        earlier.user("Read it.");
        earlier.calls("toolu_1");
        earlier.user("Never mind, read the other one.");
        earlier.calls("toolu_2");
        Check judged = check(earlier.historyCutShort().trace(), "orphaned-tool-call");
        assertEquals(CheckStatus.FAIL, judged.status());
        assertEquals(1, judged.findings().size(), "toolu_1 went without its result before the cut");
        assertTrue(judged.findings().get(0).message().contains("line 2"), judged.findings().get(0).message());

        RecordedRunFixture whole = new RecordedRunFixture();
        whole.user("Read both files.");
        whole.calls("toolu_1", "toolu_2");
        whole.result("toolu_1");
        assertEquals(CheckStatus.FAIL, check(whole.trace(), "orphaned-tool-call").status(),
                "a whole request that sends a call without its result is refused");
    }

    @Test
    void anEarlierOrphanIsStillAnErrorWhenTheTraceEndsAtAnAnswer() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("Read it.");
        run.calls("toolu_1");
        run.user("Never mind, read the other one.");
        run.calls("toolu_2");
        Check check = check(run.endsAtModelAnswer().trace(), "orphaned-tool-call");
        assertEquals(CheckStatus.FAIL, check.status());
        assertEquals(1, check.findings().size());
        assertTrue(check.findings().get(0).message().contains("line 2"), check.findings().get(0).message());
    }

    @Test
    void eachThreadIsJudgedWithTheModelItRanOn() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("Summarize the repository.");
        run.billed("gemini-2.5-pro", 300_000);
        Check overflow = check(run.trace(), "context-overflow");
        assertEquals(CheckStatus.PASS, overflow.status(), "300k prompt tokens fit Gemini 2.5 Pro's 1M window");
    }

    @Test
    void aWindowTheHarnessRecordedIsTheOneJudgedAgainst() {
        RecordedRunFixture run = new RecordedRunFixture();
        run.user("Refactor the module.");
        Event answer = run.assistant("Done.");
        // Codex reports the usable window of its model with every token count.
        Trace trace = rebuiltWithCall(run, answer, 220_000, 258_400);
        Check preflight = check(trace, "context-preflight");
        assertEquals(CheckStatus.FAIL, preflight.status());
        assertTrue(preflight.findings().get(0).message().contains("gpt-5.3-codex's 258,400-token window"),
                preflight.findings().get(0).message());
        assertEquals(258_400, ModelChoice.of(trace, null, null, ModelProfiles.defaults()).profile().contextLimit());
        assertEquals(400_000, ModelChoice.of(trace, null, 400_000, ModelProfiles.defaults()).profile().contextLimit(),
                "--context-limit still wins");
    }

    private static Trace rebuiltWithCall(RecordedRunFixture run, Event answer, long prompt, int window) {
        return run.recordCall(answer, "gpt-5.3-codex", TokenUsage.openAi(prompt, 0, 100), OptionalInt.of(window)).trace();
    }
}
