package dev.tracedeck.analysis.prune;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads strategies as written on the command line: {@code keep_last_n_steps(5)}, {@code token_budget(0.8, 0.5)},
 * {@code repair_orphans}. Arguments left out take the defaults the README lists. A bad name or argument is an
 * {@link IllegalArgumentException} whose message says what was expected.
 */
public final class StrategyParser {

    private static final Pattern CALL = Pattern.compile("\\s*([A-Za-z_]+)\\s*(?:\\((.*)\\))?\\s*");
    /** Each strategy with its arguments and their defaults, as the seeds chose them. */
    static final List<String> NAMES = List.of("none", "keep_last_n_steps(n=5)", "prune_old_observations(keep_last_n=5, max_length=100)",
            "sliding_window(messages=50)", "token_budget(trigger=0.8, target=0.5)", "truncate_tool_outputs(max_chars=10000)",
            "separate_execution_trace", "repair_orphans");
    private static final int KEEP_LAST_N = 5;
    private static final int MAX_LENGTH = 100;
    private static final int WINDOW_MESSAGES = 50;

    private StrategyParser() {
    }

    public static PruneStrategy parse(String spec) {
        Matcher m = CALL.matcher(spec);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a strategy: '" + spec + "' (write name(arguments), e.g. keep_last_n_steps(5))");
        }
        String name = PruneStrategy.key(m.group(1));
        List<String> args = arguments(m.group(2));
        return switch (name) {
            case "none" -> expect(name, args, 0, 0, () -> new PruneStrategy.None());
            case "keep_last_n_steps" -> expect(name, args, 0, 1, () -> new PruneStrategy.KeepLastNSteps(
                    args.isEmpty() ? KEEP_LAST_N : integer(name, args.get(0))));
            case "prune_old_observations" -> expect(name, args, 0, 2, () -> new PruneStrategy.PruneOldObservations(
                    args.isEmpty() ? KEEP_LAST_N : integer(name, args.get(0)), args.size() > 1 ? integer(name, args.get(1)) : MAX_LENGTH));
            case "sliding_window" -> expect(name, args, 0, 1, () -> new PruneStrategy.SlidingWindow(
                    args.isEmpty() ? WINDOW_MESSAGES : integer(name, args.get(0))));
            case "token_budget" -> expect(name, args, 0, 2, () -> new PruneStrategy.TokenBudget(
                    args.isEmpty() ? 0.8 : number(name, args.get(0)), args.size() < 2 ? 0.5 : number(name, args.get(1))));
            case "truncate_tool_outputs" -> expect(name, args, 0, 1, () -> new PruneStrategy.TruncateToolOutputs(
                    args.isEmpty() ? 10_000 : integer(name, args.get(0))));
            case "separate_execution_trace" -> expect(name, args, 0, 0, () -> new PruneStrategy.SeparateExecutionTrace());
            case "repair_orphans" -> expect(name, args, 0, 0, () -> new PruneStrategy.RepairOrphans());
            default -> throw new IllegalArgumentException("unknown strategy '" + m.group(1) + "'; known: " + String.join(", ", NAMES));
        };
    }

    /** Several strategies, applied in the order given; one alone is itself. */
    public static PruneStrategy parseAll(List<String> specs) {
        List<PruneStrategy> strategies = new ArrayList<>();
        specs.forEach(s -> strategies.add(parse(s)));
        return strategies.size() == 1 ? strategies.get(0) : new PruneStrategy.Composite(strategies);
    }

    private static List<String> arguments(String inside) {
        List<String> args = new ArrayList<>();
        if (inside == null || inside.isBlank()) {
            return args;
        }
        for (String a : inside.split(",")) {
            String value = a.strip();
            int eq = value.indexOf('=');
            args.add(eq >= 0 ? value.substring(eq + 1).strip() : value);
        }
        return args;
    }

    private interface Maker {
        PruneStrategy make();
    }

    private static PruneStrategy expect(String name, List<String> args, int min, int max, Maker maker) {
        if (args.size() < min || args.size() > max) {
            throw new IllegalArgumentException(name + " takes " + (min == max ? Integer.toString(min)
                    : min == 0 ? "at most " + max : min + " to " + max) + " argument" + (max == 1 ? "" : "s") + ", not " + args.size());
        }
        try {
            return maker.make();
        } catch (IllegalArgumentException e) {
            throw e.getMessage().startsWith(name) ? e : new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
    }

    private static int integer(String name, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": '" + value + "' is not a whole number");
        }
    }

    private static double number(String name, String value) {
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": '" + value + "' is not a number");
        }
    }
}
