package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.prune.HistoryMessage;
import dev.tracedeck.analysis.prune.PruneContext;
import dev.tracedeck.analysis.prune.PruneResult;
import dev.tracedeck.analysis.prune.Pruner;
import dev.tracedeck.analysis.prune.StrategyParser;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.PromptTokens;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.recorded.ThreadRequest;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every strategy on every history of every sample, of every format, at every point: no strategy parts a tool call
 * from its result (the pairing rules find nothing the history did not already have), the system prompt stays, and
 * what a strategy keeps is what the history had, in its order.
 */
class PruneOnSamplesTest {

    private static final Path MODULE = Path.of(System.getProperty("basedir", "."));
    private static final List<String> STRATEGIES = List.of("none", "keep_last_n_steps(1)", "keep_last_n_steps(3)",
            "prune_old_observations(1, 20)", "sliding_window(2)", "sliding_window(7)", "token_budget(0.5, 0.2)",
            "truncate_tool_outputs(30)", "separate_execution_trace", "repair_orphans",
            "repair_orphans + keep_last_n_steps(2)", "truncate_tool_outputs(30) + token_budget(0.5, 0.2)");

    private static List<Path> samples() throws Exception {
        List<Path> all = new ArrayList<>();
        for (String dir : List.of("mycelian", "openai", "anthropic", "claude-code", "openai-responses", "langchain", "langgraph",
                "smolagents", "otlp", "otel-console", "phoenix", "langfuse", "atif",
                "pydantic-ai", "sdk-recording", "gemini", "bedrock-converse")) {
            try (Stream<Path> files = Files.list(MODULE.resolve(dir))) {
                files.filter(p -> p.toString().matches(".*\\.(log|json|jsonl)$")).sorted().forEach(all::add);
            }
        }
        return all;
    }

    @Test
    void noStrategyPartsACallFromItsResultOnAnySample() throws Exception {
        int histories = 0;
        for (Path sample : samples()) {
            Trace trace = Importers.standard().read(ImportSource.of(sample), ImportListener.NONE);
            for (TraceThread thread : trace.threads()) {
                for (Event point : ThreadHistory.points(thread)) {
                    ThreadHistory history = ThreadHistory.at(thread, point);
                    histories++;
                    PromptTokens tokens = new PromptTokens(ChatFormat.GPT_4O);
                    // A window the history fills, so the budget strategies act.
                    int total = tokens.count(history.history().prompt(), ThreadRequest.tools(thread.events())).tokens();
                    Pruner pruner = new Pruner(new PruneContext(tokens, Math.max(total, 50), ThreadRequest.tools(thread.events())));
                    for (String spec : STRATEGIES) {
                        PruneResult r = pruner.run(history.history(), StrategyParser.parseAll(List.of(spec.split(" \\+ "))),
                                history.linesById());
                        String where = sample.getFileName() + " " + thread.id() + " at #" + point.seq() + ", " + spec;
                        assertEquals(List.of(), r.introduced(), where);
                        keepsOrder(r, where);
                        if (!history.history().messages().isEmpty() && history.history().messages().get(0).isSystem()
                                && !spec.startsWith("separate")) {
                            assertTrue(r.after().messages().stream().anyMatch(m -> m.id().equals("m0")), "system prompt: " + where);
                        }
                        assertTrue(r.afterTokens().tokens() <= r.beforeTokens().tokens() || !r.added().isEmpty()
                                || spec.contains("truncate") || spec.contains("observations"), where);
                        if (spec.startsWith("truncate_tool_outputs(30)")) {
                            r.after().messages().stream().filter(HistoryMessage::isToolResult).forEach(m -> assertTrue(
                                    m.message().content().codePointCount(0, m.message().content().length()) <= 30, where));
                        }
                    }
                }
            }
        }
        assertTrue(histories > 100, "every point of every thread: " + histories);
    }

    @Test
    void repairingOrphansLeavesNoOrphanOnAnySample() throws Exception {
        boolean repairedSome = false;
        for (Path sample : samples()) {
            Trace trace = Importers.standard().read(ImportSource.of(sample), ImportListener.NONE);
            for (TraceThread thread : trace.threads()) {
                for (ThreadHistory history : ThreadHistory.last(thread).stream().toList()) {
                    PruneResult r = new Pruner(new PruneContext(new PromptTokens(ChatFormat.GPT_4O), 128_000))
                            .run(history.history(), StrategyParser.parse("repair_orphans"), history.linesById());
                    assertFalse(r.findings().stream().anyMatch(f -> f.ruleId().equals("orphaned-tool-call")),
                            sample.getFileName() + " " + thread.id() + ": " + r.findings());
                    repairedSome |= !r.added().isEmpty();
                }
            }
        }
        assertTrue(repairedSome, "some sample has an orphan to repair");
    }

    /** What was kept appears in the order it had, whatever was added between. */
    private static void keepsOrder(PruneResult r, String where) {
        List<String> before = r.before().messages().stream().map(HistoryMessage::id).toList();
        int last = -1;
        for (HistoryMessage m : r.after().messages()) {
            int at = before.indexOf(m.id());
            if (at >= 0) {
                assertTrue(at > last, "order: " + where);
                last = at;
            }
        }
    }
}
