package dev.tracedeck.analysis.bench;

import dev.tracedeck.analysis.prune.History;
import dev.tracedeck.analysis.prune.PruneContext;
import dev.tracedeck.analysis.prune.PruneResult;
import dev.tracedeck.analysis.prune.Pruner;
import dev.tracedeck.analysis.prune.StrategyParser;
import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.analysis.tokens.PromptTokens;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Measures a full recompute (strategy, token counts of both sides, pairing rules on both) on a 10,000-message
 * agent history, after warm-up, as the playground does when a slider moves. Not a test: run with
 * {@code scripts/benchmark-prune.sh}. Prints the median and the 90th percentile per strategy.
 */
public final class PruneBenchmark {

    private PruneBenchmark() {
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        List<PromptMessage> history = history(size, new Random(7));
        PromptTokens tokens = new PromptTokens(ChatFormat.GPT_4O);
        int total = tokens.count(history, Optional.empty()).tokens();
        PruneContext context = new PruneContext(tokens, (int) (total / 0.9));
        System.out.printf("history: %,d messages, %,d tokens (o200k_base), window %,d%n", history.size(), total, context.contextLimit());
        long[] cold = new long[7];
        for (int round = -3; round < cold.length; round++) {
            long start = System.nanoTime();
            new PromptTokens(ChatFormat.GPT_4O).count(history, Optional.empty());
            if (round >= 0) {
                cold[round] = (System.nanoTime() - start) / 1_000_000;
            }
        }
        java.util.Arrays.sort(cold);
        System.out.printf("%-32s median %4d ms  (every message tokenized, no cache)%n", "count, cold", cold[cold.length / 2]);
        Pruner pruner = new Pruner(context);
        for (String spec : List.of("none", "keep_last_n_steps(20)", "prune_old_observations(5, 100)", "sliding_window(500)",
                "token_budget(0.8, 0.5)", "truncate_tool_outputs(200)", "separate_execution_trace", "repair_orphans", "truncate_tool_outputs(500) + keep_last_n_steps(50)")) {
            long[] ms = new long[25];
            PruneResult last = null;
            for (int round = -20; round < ms.length; round++) {
                long start = System.nanoTime();
                last = pruner.run(History.of(history), StrategyParser.parseAll(List.of(spec.split(" \\+ "))));
                if (round >= 0) {
                    ms[round] = (System.nanoTime() - start) / 1_000_000;
                }
            }
            java.util.Arrays.sort(ms);
            System.out.printf("%-32s median %4d ms  p90 %4d ms  (%,d -> %,d tokens)%n", spec, ms[ms.length / 2],
                    ms[ms.length * 9 / 10], last.beforeTokens().tokens(), last.afterTokens().tokens());
        }
    }

    private static List<PromptMessage> history(int size, Random random) {
        List<PromptMessage> m = new ArrayList<>();
        m.add(PromptMessage.text("system", "You are a research agent. Use the tools. ".repeat(20)));
        m.add(PromptMessage.text("user", "Find and compare every flight from Lisbon to Tokyo next April."));
        int i = 0;
        while (m.size() < size - 1) {
            String id = "call_" + i++;
            m.add(PromptMessage.of(new Message("assistant", random.nextInt(4) == 0 ? "Let me check another source." : "",
                    List.of(new ToolCall(id, "search", "{\"query\": \"flights LIS-NRT day " + i + "\"}", Optional.empty(), false)), "")));
            m.add(PromptMessage.of(new Message("tool", ("Result " + i + ": TAP via Frankfurt, 1,140 EUR, 17h 20m. ")
                    .repeat(1 + random.nextInt(12)), List.of(), id)));
        }
        m.add(PromptMessage.text("assistant", "The cheapest is TAP via Frankfurt."));
        return m;
    }
}
