package dev.tracedeck.analysis.prune;

import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.analysis.tokens.TokenCategory;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.text.PythonText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A way to shrink a history before it is sent, as agent frameworks do it. Each takes a history and returns the new
 * one; messages keep their ids, so {@link PruneResult} can tell what was removed, changed or added. Written as
 * {@code name(arguments)} on the command line ({@link #spec()}), parsed by {@link StrategyParser}.
 */
public sealed interface PruneStrategy {

    History apply(History history, PruneContext context);

    /** How to write this strategy back on the command line, e.g. {@code keep_last_n_steps(5)}. */
    String spec();

    /** Keeps everything. */
    record None() implements PruneStrategy {
        public History apply(History h, PruneContext c) {
            return h;
        }

        public String spec() {
            return "none";
        }
    }

    /** smolagents-style memory: the system prompt and the tasks always, and the last {@code n} other steps. */
    record KeepLastNSteps(int n) implements PruneStrategy {
        public KeepLastNSteps {
            positive("n", n, 0);
        }

        public History apply(History h, PruneContext c) {
            List<Step> steps = Steps.of(h);
            List<Step> other = steps.stream().filter(s -> !s.isCritical()).toList();
            Set<Step> kept = new HashSet<>(other.subList(Math.max(0, other.size() - n), other.size()));
            List<HistoryMessage> out = new ArrayList<>();
            for (Step s : steps) {
                if (s.isCritical() || kept.contains(s)) {
                    s.messages().forEach(i -> out.add(h.messages().get(i)));
                }
            }
            return new History(out);
        }

        public String spec() {
            return "keep_last_n_steps(" + n + ")";
        }
    }

    /** smolagents-style memory: tool results older than the last {@code keepLastN} actions are cut to {@code maxLength} characters. */
    record PruneOldObservations(int keepLastN, int maxLength) implements PruneStrategy {
        public PruneOldObservations {
            positive("keep_last_n", keepLastN, 0);
            positive("max_length", maxLength, 0);
        }

        public History apply(History h, PruneContext c) {
            List<Step> actions = Steps.of(h).stream().filter(s -> s.kind() == Step.Kind.ACTION).toList();
            Set<Integer> old = new HashSet<>();
            actions.subList(0, Math.max(0, actions.size() - keepLastN)).forEach(s -> old.addAll(s.messages()));
            List<HistoryMessage> out = new ArrayList<>(h.messages());
            for (int i : old) {
                HistoryMessage m = out.get(i);
                if (m.isToolResult()) {
                    out.set(i, m.withMessage(cut(m.message(), maxLength, "...")));
                }
            }
            return new History(out);
        }

        public String spec() {
            return "prune_old_observations(" + keepLastN + ", " + maxLength + ")";
        }
    }

    /** The system prompt and the last {@code messages} messages, moved back so no tool result loses its call. */
    record SlidingWindow(int messages) implements PruneStrategy {
        public SlidingWindow {
            positive("messages", messages, 1);
        }

        public History apply(History h, PruneContext c) {
            List<HistoryMessage> all = h.messages();
            int start = Math.max(0, all.size() - messages);
            while (start > 0 && start < all.size() && all.get(start).isToolResult()) {
                start--;
            }
            List<HistoryMessage> out = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                if (i >= start || all.get(i).isSystem() && i < firstNonSystem(all)) {
                    out.add(all.get(i));
                }
            }
            return new History(out);
        }

        public String spec() {
            return "sliding_window(" + messages + ")";
        }
    }

    /**
     * Summarizing before the window overflows: over {@code trigger} × the window, the oldest messages after the system prompt give way to one
     * summary placeholder until the history is under {@code target} × the window; an action goes whole, with its
     * tool results, so no call is parted from its result.
     */
    record TokenBudget(double trigger, double target) implements PruneStrategy {
        public TokenBudget {
            if (!(target > 0 && target <= trigger && trigger <= 1)) {
                throw new IllegalArgumentException("token_budget needs 0 < target <= trigger <= 1");
            }
        }

        public History apply(History h, PruneContext c) {
            if (c.count(h) <= trigger * c.contextLimit()) {
                return h;
            }
            List<Step> steps = Steps.of(h);
            int[] stepTokens = new int[steps.size()];
            int total = c.fixedTokens();
            for (int s = 0; s < steps.size(); s++) {
                for (int i : steps.get(s).messages()) {
                    stepTokens[s] += c.tokens().messageTokens(h.messages().get(i).message());
                }
                total += stepTokens[s];
            }
            int first = 0;
            while (first < steps.size() && steps.get(first).kind() == Step.Kind.SYSTEM_PROMPT) {
                first++;
            }
            // Drop whole steps from the oldest on, never the last one (the message being answered).
            int drop = 0;
            int summarized = 0;
            int removedTokens = 0;
            while (first + drop < steps.size() - 1) {
                removedTokens += stepTokens[first + drop];
                summarized += steps.get(first + drop).messages().size();
                drop++;
                int withSummary = total - removedTokens + c.tokens().messageTokens(summary(summarized).message());
                if (withSummary <= target * c.contextLimit()) {
                    break;
                }
            }
            if (drop == 0) {
                return h;
            }
            List<HistoryMessage> out = new ArrayList<>();
            for (int s = 0; s < steps.size(); s++) {
                if (s == first) {
                    out.add(summary(summarized));
                }
                if (s < first || s >= first + drop) {
                    steps.get(s).messages().forEach(i -> out.add(h.messages().get(i)));
                }
            }
            return new History(out);
        }

        private static HistoryMessage summary(int messages) {
            PromptMessage placeholder = new PromptMessage("system", "[Summary of " + messages
                    + " earlier messages: what a summarizer would write here]", "", List.of(), "", TokenCategory.SUMMARIES);
            return new HistoryMessage("summary-1", placeholder);
        }

        public String spec() {
            return "token_budget(" + trigger + ", " + target + ")";
        }
    }

    /** A tool-output size cap (a MAX_TOOL_OUTPUT_SIZE): every tool result cut to {@code maxChars} characters. */
    record TruncateToolOutputs(int maxChars) implements PruneStrategy {
        public TruncateToolOutputs {
            positive("max_chars", maxChars, 1);
        }

        public History apply(History h, PruneContext c) {
            return new History(h.messages().stream()
                    .map(m -> m.isToolResult() ? m.withMessage(cut(m.message(), maxChars, "\n[OUTPUT TRUNCATED]")) : m)
                    .toList());
        }

        public String spec() {
            return "truncate_tool_outputs(" + maxChars + ")";
        }
    }

    /**
     * An execution buffer: after a run, the conversation keeps the user's turns and the final answers; tool calls, their
     * results and intermediate assistant text move to an execution section (here: out of the history sent).
     */
    record SeparateExecutionTrace() implements PruneStrategy {
        public History apply(History h, PruneContext c) {
            List<HistoryMessage> out = new ArrayList<>();
            for (Step s : Steps.of(h)) {
                if (s.kind() != Step.Kind.ACTION) {
                    s.messages().forEach(i -> out.add(h.messages().get(i)));
                }
            }
            return new History(out);
        }

        public String spec() {
            return "separate_execution_trace";
        }
    }

    /** Repairing orphaned calls before the next request: a synthetic "tool call interrupted" result right after each call that has none. */
    record RepairOrphans() implements PruneStrategy {
        public History apply(History h, PruneContext c) {
            List<HistoryMessage> all = h.messages();
            List<HistoryMessage> out = new ArrayList<>();
            int repaired = 0;
            for (int i = 0; i < all.size(); i++) {
                HistoryMessage m = all.get(i);
                out.add(m);
                if (!m.makesCalls()) {
                    continue;
                }
                // The calls still waiting, in order: a result with an id answers that call, one without answers the
                // first call still waiting, as the pairing rules match them.
                List<ToolCall> waiting = new ArrayList<>(m.message().toolCalls());
                int j = i + 1;
                while (j < all.size() && all.get(j).isToolResult()) {
                    String id = all.get(j).message().toolCallId();
                    int answered = -1;
                    for (int k = 0; k < waiting.size() && answered < 0; k++) {
                        if (id.isEmpty() || waiting.get(k).id().equals(id)) {
                            answered = k;
                        }
                    }
                    if (answered >= 0) {
                        waiting.remove(answered);
                    }
                    out.add(all.get(j++));
                }
                for (ToolCall call : waiting) {
                    out.add(new HistoryMessage("repair-" + (++repaired), new PromptMessage("tool",
                            "Tool call interrupted: " + call.name() + " returned no result.", "", List.of(), call.id(),
                            TokenCategory.TOOL_RESULTS)));
                }
                i = j - 1;
            }
            return new History(out);
        }

        public String spec() {
            return "repair_orphans";
        }
    }

    /** Several strategies in order, each on the last one's result. */
    record Composite(List<PruneStrategy> steps) implements PruneStrategy {
        public Composite {
            steps = List.copyOf(steps);
        }

        public History apply(History h, PruneContext c) {
            History current = h;
            for (PruneStrategy s : steps) {
                current = s.apply(current, c);
            }
            return current;
        }

        public String spec() {
            return String.join(" | ", steps.stream().map(PruneStrategy::spec).toList());
        }
    }

    private static void positive(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", not " + value);
        }
    }

    private static int firstNonSystem(List<HistoryMessage> all) {
        int i = 0;
        while (i < all.size() && all.get(i).isSystem()) {
            i++;
        }
        return i;
    }

    /** The first {@code max} characters (code points, as Python counts them) and a marker, when longer. */
    /**
     * The content cut so that it, with the marker that says so, is at most {@code max} code points: a limit is a
     * limit, and a cut that made a short output longer would defeat it. A limit shorter than the marker drops it.
     */
    private static PromptMessage cut(PromptMessage m, int max, String marker) {
        if (PythonText.length(m.content()) <= max) {
            return m;
        }
        int room = max - PythonText.length(marker);
        String content = room > 0 ? PythonText.prefix(m.content(), room) + marker : PythonText.prefix(m.content(), max);
        return new PromptMessage(m.role(), content, m.name(), m.toolCalls(), m.toolCallId(), m.category());
    }

    /** Lower-case strategy names as written on the command line. */
    static String key(String name) {
        return name.strip().toLowerCase(Locale.ROOT);
    }
}
