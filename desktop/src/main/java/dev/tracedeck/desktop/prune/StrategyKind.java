package dev.tracedeck.desktop.prune;

import dev.tracedeck.analysis.prune.PruneStrategy;
import dev.tracedeck.analysis.prune.StrategyParser;
import java.util.List;

/**
 * The strategies the playground offers, each with its defaults as the command line has them ({@link
 * StrategyParser}: keep_last_n_steps 5, prune_old_observations 5 and 100, sliding_window 50, token_budget 0.8 and 0.5,
 * truncate_tool_outputs 10,000), its arguments as
 * {@link StrategyParameter}s, and how a strategy is rebuilt when one argument changes.
 */
public enum StrategyKind {
    KEEP_LAST_N_STEPS("keep_last_n_steps", "system prompt, tasks and the last n steps"),
    PRUNE_OLD_OBSERVATIONS("prune_old_observations", "cut tool results older than the last actions"),
    SLIDING_WINDOW("sliding_window", "system prompt and the last messages"),
    TOKEN_BUDGET("token_budget", "summarize the oldest steps past the trigger"),
    TRUNCATE_TOOL_OUTPUTS("truncate_tool_outputs", "cut every tool result"),
    SEPARATE_EXECUTION_TRACE("separate_execution_trace", "drop tool calls, results and intermediate text"),
    REPAIR_ORPHANS("repair_orphans", "a synthetic result for each unanswered call"),
    NONE("none", "keep everything");

    private final String id;
    private final String description;

    StrategyKind(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** The name on the command line. */
    public String id() {
        return id;
    }

    /** What it does, in a few words, for the "Add" menu. */
    public String description() {
        return description;
    }

    /** The strategy with its defaults: the command line's, its arguments left out. */
    public PruneStrategy create() {
        return StrategyParser.parse(id);
    }

    public static StrategyKind of(PruneStrategy strategy) {
        if (strategy instanceof PruneStrategy.KeepLastNSteps) {
            return KEEP_LAST_N_STEPS;
        } else if (strategy instanceof PruneStrategy.PruneOldObservations) {
            return PRUNE_OLD_OBSERVATIONS;
        } else if (strategy instanceof PruneStrategy.SlidingWindow) {
            return SLIDING_WINDOW;
        } else if (strategy instanceof PruneStrategy.TokenBudget) {
            return TOKEN_BUDGET;
        } else if (strategy instanceof PruneStrategy.TruncateToolOutputs) {
            return TRUNCATE_TOOL_OUTPUTS;
        } else if (strategy instanceof PruneStrategy.SeparateExecutionTrace) {
            return SEPARATE_EXECUTION_TRACE;
        } else if (strategy instanceof PruneStrategy.RepairOrphans) {
            return REPAIR_ORPHANS;
        } else if (strategy instanceof PruneStrategy.None) {
            return NONE;
        }
        throw new IllegalArgumentException("the playground does not edit " + strategy.spec());
    }

    /** The arguments of {@code strategy}, in the order its spec writes them. */
    public static List<StrategyParameter> parameters(PruneStrategy strategy) {
        if (strategy instanceof PruneStrategy.KeepLastNSteps s) {
            return List.of(StrategyParameter.whole("n", 0, 100_000, 1, s.n()));
        } else if (strategy instanceof PruneStrategy.PruneOldObservations s) {
            return List.of(StrategyParameter.whole("keep_last_n", 0, 100_000, 1, s.keepLastN()),
                    StrategyParameter.whole("max_length", 0, 1_000_000, 50, s.maxLength()));
        } else if (strategy instanceof PruneStrategy.SlidingWindow s) {
            return List.of(StrategyParameter.whole("messages", 1, 1_000_000, 5, s.messages()));
        } else if (strategy instanceof PruneStrategy.TokenBudget s) {
            return List.of(StrategyParameter.fraction("trigger", s.trigger()), StrategyParameter.fraction("target", s.target()));
        } else if (strategy instanceof PruneStrategy.TruncateToolOutputs s) {
            return List.of(StrategyParameter.whole("max_chars", 1, 1_000_000, 500, s.maxChars()));
        }
        return List.of();
    }

    /**
     * {@code strategy} with argument {@code index} set to {@code value}, clamped to what the strategy accepts. A
     * token budget keeps its target at or under its trigger: moving one past the other takes the other along.
     */
    public static PruneStrategy with(PruneStrategy strategy, int index, double value) {
        List<StrategyParameter> parameters = parameters(strategy);
        double v = parameters.get(index).clamp(value);
        int whole = (int) v;
        if (strategy instanceof PruneStrategy.KeepLastNSteps) {
            return new PruneStrategy.KeepLastNSteps(whole);
        } else if (strategy instanceof PruneStrategy.PruneOldObservations s) {
            return index == 0 ? new PruneStrategy.PruneOldObservations(whole, s.maxLength())
                    : new PruneStrategy.PruneOldObservations(s.keepLastN(), whole);
        } else if (strategy instanceof PruneStrategy.SlidingWindow) {
            return new PruneStrategy.SlidingWindow(whole);
        } else if (strategy instanceof PruneStrategy.TokenBudget s) {
            return index == 0 ? new PruneStrategy.TokenBudget(v, Math.min(v, s.target()))
                    : new PruneStrategy.TokenBudget(Math.max(v, s.trigger()), v);
        } else if (strategy instanceof PruneStrategy.TruncateToolOutputs) {
            return new PruneStrategy.TruncateToolOutputs(whole);
        }
        throw new IllegalArgumentException(strategy.spec() + " has no arguments");
    }
}
