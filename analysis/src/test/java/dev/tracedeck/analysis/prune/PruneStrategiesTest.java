package dev.tracedeck.analysis.prune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.analysis.tokens.PromptTokens;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What each strategy keeps, what it drops, and that tool calls stay paired with their results. */
class PruneStrategiesTest {

    private static final PruneContext WINDOW = new PruneContext(new PromptTokens(ChatFormat.GPT_4O), 128_000);

    /** An OpenAI-shaped agent run: system, task, {@code actions} tool rounds with ids, a final answer. */
    static List<PromptMessage> agentRun(int actions, String observation) {
        List<PromptMessage> m = new ArrayList<>();
        m.add(PromptMessage.text("system", "You are a travel agent. Use the tools."));
        m.add(PromptMessage.text("user", "Plan two weeks in Japan for a family of four."));
        for (int i = 0; i < actions; i++) {
            ToolCall call = new ToolCall("call_" + i, "search", "{\"query\": \"step " + i + "\"}", Optional.empty(), false);
            m.add(PromptMessage.of(new Message("assistant", "", List.of(call), "")));
            m.add(PromptMessage.of(new Message("tool", observation + " (result " + i + ")", List.of(), "call_" + i)));
        }
        m.add(PromptMessage.text("assistant", "Here is your plan: Tokyo, Kyoto, Nara."));
        return m;
    }

    private static PruneResult run(List<PromptMessage> messages, String spec) {
        return new Pruner(WINDOW).run(History.of(messages), StrategyParser.parse(spec));
    }

    private static List<String> ids(History h) {
        return h.messages().stream().map(HistoryMessage::id).toList();
    }

    @Test
    void anEmptyHistoryPrunesToNothingWithNoFinding() {
        // A LangGraph thread's input checkpoint holds no message yet.
        for (String spec : List.of("none", "keep_last_n_steps(1)", "sliding_window(2)", "token_budget", "repair_orphans")) {
            PruneResult r = run(List.of(), spec);
            assertEquals(List.of(), ids(r.after()), spec);
            assertEquals(List.of(), r.introduced(), spec);
        }
    }

    @Test
    void noneKeepsEverything() {
        PruneResult r = run(agentRun(3, "ok"), "none");
        assertEquals(ids(r.before()), ids(r.after()));
        assertEquals(r.beforeTokens().tokens(), r.afterTokens().tokens());
    }

    @Test
    void keepLastNStepsKeepsTheSystemPromptTheTaskAndTheLastSteps() {
        PruneResult r = run(agentRun(5, "ok"), "keep_last_n_steps(2)");
        // system m0, task m1, the last action (m10 call, m11 result) and the final answer m12
        assertEquals(List.of("m0", "m1", "m10", "m11", "m12"), ids(r.after()));
        assertEquals(Set.of("m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9"), r.removed());
        assertEquals(List.of(), r.introduced(), "calls and results leave together");
        assertTrue(r.afterTokens().tokens() < r.beforeTokens().tokens());
    }

    @Test
    void pruneOldObservationsCutsOnlyOldToolResults() {
        PruneResult r = run(agentRun(3, "x".repeat(500)), "prune_old_observations(1, 100)");
        assertEquals(Set.of("m3", "m5"), r.changed(), "the results of the two older actions");
        assertEquals(100, r.after().messages().get(3).message().content().length(), "the marker within the limit");
        assertTrue(r.after().messages().get(7).message().content().length() > 500, "the last action's result is whole");
        assertTrue(r.removed().isEmpty());
    }

    @Test
    void slidingWindowNeverStartsOnAResultWithoutItsCall() {
        PruneResult r = run(agentRun(3, "ok"), "sliding_window(2)");
        // the last two are m7 (a result) and m8; the window moves back to m6, the call m7 answers
        assertEquals(List.of("m0", "m6", "m7", "m8"), ids(r.after()));
        assertEquals(List.of(), r.findings());
    }

    @Test
    void tokenBudgetSummarizesTheOldestStepsUnderTheTargetWithoutPartingCalls() {
        List<PromptMessage> run = agentRun(12, "The search found a long page of results. ".repeat(8));
        int tokens = new PromptTokens(ChatFormat.GPT_4O).count(run, Optional.empty()).tokens();
        int limit = (int) (tokens / 0.9);  // the history fills 90% of this window
        PruneResult r = new Pruner(new PruneContext(new PromptTokens(ChatFormat.GPT_4O), limit))
                .run(History.of(run), StrategyParser.parse("token_budget(0.8, 0.5)"));
        assertTrue(r.afterTokens().tokens() <= limit / 2, "under the target: " + r.afterTokens().tokens() + " of " + limit);
        assertEquals(Set.of("summary-1"), r.added());
        assertEquals("m0", r.after().messages().get(0).id(), "the system prompt stays first");
        assertEquals("summary-1", r.after().messages().get(1).id());
        assertEquals("m26", r.after().messages().get(r.after().size() - 1).id(), "the final answer stays");
        assertEquals(List.of(), r.findings(), "no call without its result, no result without its call");
        PruneResult under = new Pruner(WINDOW).run(History.of(run), StrategyParser.parse("token_budget"));
        assertEquals(ids(under.before()), ids(under.after()), "under the trigger nothing changes");
    }

    @Test
    void truncateToolOutputsCutsInCodePoints() {
        PruneResult r = run(agentRun(1, "🗾".repeat(40)), "truncate_tool_outputs(30)");
        String content = r.after().messages().get(3).message().content();
        // 30 code points in all, the marker's 19 included: 11 emoji (22 UTF-16 units each pair) before it.
        assertEquals("🗾".repeat(11) + "\n[OUTPUT TRUNCATED]", content);
        assertEquals(Set.of("m3"), r.changed());
        String tiny = run(agentRun(1, "🗾".repeat(20)), "truncate_tool_outputs(5)").after().messages().get(3).message().content();
        assertEquals("🗾".repeat(5), tiny, "a limit shorter than the marker keeps to the limit");
    }

    @Test
    void separateExecutionTraceKeepsUserTurnsAndFinalAnswers() {
        PruneResult r = run(agentRun(3, "ok"), "separate_execution_trace");
        assertEquals(List.of("m0", "m1", "m8"), ids(r.after()));
        assertFalse(r.after().messages().stream().anyMatch(m -> m.makesCalls() || m.isToolResult()));
    }

    @Test
    void repairOrphansAnswersACallThatHadNoResult() {
        List<PromptMessage> broken = new ArrayList<>(agentRun(2, "ok"));
        broken.remove(5);  // the second call's result: the run died in the tool
        PruneResult before = run(broken, "none");
        assertEquals("orphaned-tool-call", before.findings().get(0).ruleId());
        PruneResult r = run(broken, "repair_orphans");
        assertEquals(Set.of("repair-1"), r.added());
        assertEquals("call_1", r.after().messages().get(5).message().toolCallId());
        assertEquals(List.of(), r.findings());
    }

    @Test
    void noStrategyPartsACallFromItsResultOnAnyHistoryShape() {
        List<PromptMessage> noIds = new ArrayList<>();  // a Mycelian dump: calls by name, results without ids
        noIds.add(PromptMessage.text("system", "SESSION_START"));
        for (int i = 0; i < 6; i++) {
            noIds.add(PromptMessage.text("user", "message " + i));
            noIds.add(PromptMessage.of(new Message("assistant", "", List.of(new ToolCall("", "add_entry", "", Optional.empty(), false)), "")));
            noIds.add(PromptMessage.text("tool", "enqueued"));
        }
        List<PromptMessage> twoCalls = List.of(PromptMessage.text("user", "Weather in Paris and Rome?"),
                PromptMessage.of(new Message("assistant", "", List.of(new ToolCall("a", "weather", "{}", Optional.empty(), false),
                        new ToolCall("b", "weather", "{}", Optional.empty(), false)), "")),
                PromptMessage.of(new Message("tool", "18 C", List.of(), "a")),
                PromptMessage.of(new Message("tool", "22 C", List.of(), "b")),
                PromptMessage.text("assistant", "Paris 18, Rome 22."));
        for (List<PromptMessage> history : List.of(agentRun(6, "ok"), noIds, twoCalls)) {
            for (String spec : List.of("keep_last_n_steps(1)", "keep_last_n_steps(0)", "prune_old_observations(1, 3)",
                    "sliding_window(1)", "sliding_window(3)", "token_budget(0.01, 0.01)", "truncate_tool_outputs(2)",
                    "separate_execution_trace", "repair_orphans")) {
                PruneResult r = run(history, spec);
                assertEquals(List.of(), r.introduced(), spec + " on " + ids(r.before()) + " -> " + ids(r.after()));
            }
        }
    }

    @Test
    void findingsAlreadyInTheHistoryAreReportedButNotBlamedOnTheStrategy() {
        List<PromptMessage> broken = new ArrayList<>(agentRun(2, "ok"));
        broken.remove(5);
        PruneResult r = run(broken, "truncate_tool_outputs(100)");
        assertEquals("orphaned-tool-call", r.findings().get(0).ruleId());
        assertEquals(List.of(), r.introduced());
    }

    @Test
    void strategiesComposeInOrder() {
        PruneResult r = new Pruner(WINDOW).run(History.of(agentRun(5, "x".repeat(300))),
                StrategyParser.parseAll(List.of("keep_last_n_steps(3)", "truncate_tool_outputs(50)")));
        assertEquals("keep_last_n_steps(3) | truncate_tool_outputs(50)", r.strategy());
        assertTrue(r.after().messages().stream().filter(HistoryMessage::isToolResult)
                .allMatch(m -> m.message().content().length() <= 50 + "\n[OUTPUT TRUNCATED]".length()));
    }

    @Test
    void argumentsLeftOutTakeTheSeedsDefaults() {
        assertEquals(new PruneStrategy.KeepLastNSteps(5), StrategyParser.parse("keep_last_n_steps"));
        assertEquals(new PruneStrategy.KeepLastNSteps(5), StrategyParser.parse("keep_last_n_steps()"));
        assertEquals(new PruneStrategy.PruneOldObservations(5, 100), StrategyParser.parse("prune_old_observations"));
        assertEquals(new PruneStrategy.SlidingWindow(50), StrategyParser.parse("sliding_window"));
        assertEquals(new PruneStrategy.TokenBudget(0.8, 0.5), StrategyParser.parse("token_budget"));
        assertEquals(new PruneStrategy.TruncateToolOutputs(10_000), StrategyParser.parse("truncate_tool_outputs"));
    }

    @Test
    void badStrategiesSayWhatWasExpected() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StrategyParser.parse("keep_last(5)")).getMessage()
                .startsWith("unknown strategy 'keep_last'; known: none, keep_last_n_steps(n=5)"));
        assertEquals("keep_last_n_steps takes at most 1 argument, not 2",
                assertThrows(IllegalArgumentException.class, () -> StrategyParser.parse("keep_last_n_steps(1, 2)")).getMessage());
        assertEquals("sliding_window: 'ten' is not a whole number",
                assertThrows(IllegalArgumentException.class, () -> StrategyParser.parse("sliding_window(ten)")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> StrategyParser.parse("token_budget(0.5, 0.8)"));
        assertEquals(new PruneStrategy.PruneOldObservations(2, 100), StrategyParser.parse("prune_old_observations(keep_last_n=2)"));
    }

    @Test
    void repairOrphansPairsResultsWithoutIdsAsTheRulesDo() {
        // Two calls; a result for the first by id, then one without an id: it answers the call still waiting.
        List<PromptMessage> mixed = List.of(PromptMessage.text("user", "Weather and time?"),
                PromptMessage.of(new dev.tracedeck.model.message.Message("assistant", "", List.of(
                        new dev.tracedeck.model.message.ToolCall("w1", "get_weather", "{}", java.util.Optional.empty(), false),
                        new dev.tracedeck.model.message.ToolCall("t1", "get_time", "{}", java.util.Optional.empty(), false)), "")),
                PromptMessage.of(new dev.tracedeck.model.message.Message("tool", "sunny", List.of(), "w1")),
                PromptMessage.of(new dev.tracedeck.model.message.Message("tool", "14:02", List.of(), "")),
                PromptMessage.text("assistant", "Sunny, 14:02."));
        PruneResult r = run(mixed, "repair_orphans");
        assertEquals(Set.of(), r.added(), "every call was answered");
        assertEquals(List.of(), r.introduced());
    }
}
