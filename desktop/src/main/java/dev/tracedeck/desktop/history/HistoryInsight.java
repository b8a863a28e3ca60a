package dev.tracedeck.desktop.history;

import dev.tracedeck.analysis.prune.HistoryMessage;
import dev.tracedeck.analysis.prune.Step;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.tokens.ContextPoint;
import dev.tracedeck.analysis.tokens.MeasuredPoint;
import dev.tracedeck.analysis.tokens.ModelChoice;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Optional;

/**
 * What the steps list and the context chart show for one thread: its history at the point chosen, as typed steps
 * with their tokens, and its context at every point, against the model's window.
 *
 * @param thread  the thread
 * @param model   the model counted with
 * @param history the history at the chosen point, empty when the thread has none
 * @param steps   the history's steps, each with its tokens
 * @param points   the thread's context over time, as Tracedeck counts it
 * @param measured the context its provider billed at each call the trace recorded usage for (the truth, where
 *                 there is one)
 * @param chosen   the index in {@code points} of the chosen point, or -1
 * @param cache    each recorded call's prompt as it met the cache, and the misses the cache-miss rule finds
 */
public record HistoryInsight(TraceThread thread, ModelChoice model, Optional<ThreadHistory> history, List<StepRow> steps,
                             List<ContextPoint> points, List<MeasuredPoint> measured, int chosen, CacheInsight cache) {

    /**
     * The thread's calls as they met the prompt cache, from their recorded usage, and the cache-miss rule's misses.
     *
     * @param calls  the calls with recorded usage, once per response
     * @param misses the misses the trace shows a reason for, each with what it cost
     */
    public record CacheInsight(List<dev.tracedeck.analysis.cost.CacheUse> calls,
                               List<dev.tracedeck.analysis.rules.cost.CacheMiss.Miss> misses) {
        public static final CacheInsight NONE = new CacheInsight(List.of(), List.of());

        public CacheInsight {
            calls = List.copyOf(calls);
            misses = List.copyOf(misses);
        }

        /** Whether the usage shows any caching at all. */
        public boolean caches() {
            return calls.stream().anyMatch(c -> c.read() > 0 || c.written() > 0);
        }
    }

    public HistoryInsight {
        steps = List.copyOf(steps);
        points = List.copyOf(points);
        measured = List.copyOf(measured);
    }

    /** The last recorded call at or before the chosen point, if the trace recorded usage there. */
    public Optional<MeasuredPoint> chosenMeasured() {
        Optional<ContextPoint> at = chosenPoint();
        MeasuredPoint found = null;
        for (MeasuredPoint m : measured) {
            if (at.isPresent() && m.event().seq() > at.get().event().seq()) {
                break;
            }
            found = m;
        }
        return Optional.ofNullable(found);
    }

    /** The trigger where an agent should summarize: 80 % of the window. */
    public static final double TRIGGER = 0.8;

    public int limit() {
        return model.profile().contextLimit();
    }

    public Optional<ContextPoint> chosenPoint() {
        return chosen < 0 ? Optional.empty() : Optional.of(points.get(chosen));
    }

    /**
     * One typed step of the history.
     *
     * @param number   its position among the steps, from 1
     * @param step     its kind and messages
     * @param messages the messages it holds
     * @param lines    the source line of each of them
     * @param tokens   what its messages cost
     */
    public record StepRow(int number, Step step, List<HistoryMessage> messages, List<Integer> lines, int tokens) {

        public StepRow {
            messages = List.copyOf(messages);
            lines = List.copyOf(lines);
        }

        public int firstLine() {
            return lines.isEmpty() ? 0 : lines.get(0);
        }
    }
}
