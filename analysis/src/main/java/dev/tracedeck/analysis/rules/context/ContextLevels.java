package dev.tracedeck.analysis.rules.context;

import dev.tracedeck.analysis.tokens.ContextPoint;
import dev.tracedeck.analysis.tokens.MeasuredContext;
import dev.tracedeck.analysis.tokens.MeasuredPoint;
import dev.tracedeck.analysis.tokens.ThreadContext;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Optional;

/**
 * A thread's context level over time as the context rules judge it: the prompt tokens the provider billed at each
 * recorded call where the trace recorded usage (the measured truth, our count beside it), else Tracedeck's own
 * count message by message or dump by dump.
 */
final class ContextLevels {

    private final ThreadPoints estimated;
    private final List<MeasuredPoint> measured;

    private ContextLevels(ThreadPoints estimated, List<MeasuredPoint> measured) {
        this.estimated = estimated;
        this.measured = measured;
    }

    static ContextLevels of(TraceThread thread, ContextWindow window) {
        ThreadPoints estimated = ThreadPoints.of(thread, window.format());
        // A measured call shows the estimate beside the usage billed, so such a thread is counted whatever its size.
        List<MeasuredPoint> measured = thread.records().measured().isEmpty() ? List.of()
                : MeasuredContext.of(thread, estimated.counted());
        return new ContextLevels(estimated, measured);
    }

    boolean isEmpty() {
        return estimated.size() == 0 && measured.isEmpty();
    }

    /** Whether the thread's messages were tokenized: not when no point could reach the thresholds asked about. */
    boolean isCounted() {
        return estimated.isCounted();
    }

    boolean isMeasured() {
        return !measured.isEmpty();
    }

    private int size() {
        return isMeasured() ? measured.size() : estimated.counted().size();
    }

    private long tokens(int i) {
        return isMeasured() ? measured.get(i).tokens() : estimated.counted().get(i).count().tokens();
    }

    Event event(int i) {
        return isMeasured() ? measured.get(i).event() : estimated.counted().get(i).event();
    }

    /** The first level over {@code threshold}, if any. */
    Optional<Integer> firstOver(double threshold) {
        if (!isMeasured() && estimated.neverOver(threshold)) {
            return Optional.empty();
        }
        for (int i = 0; i < size(); i++) {
            if (tokens(i) > threshold) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    boolean over(int i, double threshold) {
        return tokens(i) > threshold;
    }

    /** Where the context crossed a line, by how much and for how long, in words. */
    String crossing(int at, double threshold, String what, String state) {
        int stays = 0;
        for (int i = at + 1; i < size() && tokens(i) > threshold; i++) {
            stays++;
        }
        String stay = stays == 0 ? "" : String.format("; it stays %s for %d more point%s", state, stays, stays == 1 ? "" : "s");
        if (isMeasured()) {
            MeasuredPoint point = measured.get(at);
            String beside = point.estimateBeside();
            return String.format(java.util.Locale.ROOT, "the model call at line %d read %,d prompt tokens (the usage the provider billed), %s",
                    point.event().source().firstLine(), point.tokens(), what) + stay
                    + (beside.isEmpty() ? "" : "; " + beside);
        }
        ContextPoint point = estimated.counted().get(at);
        String measure = point.count().exact() ? ""
                : point.count().estimateReasons().contains(ThreadContext.PREVIEWS)
                || point.count().estimateReasons().contains(ThreadContext.CALLS_BY_NAME) ? "at least " : "about ";
        return String.format(java.util.Locale.ROOT, "the history at line %d is %s%,d tokens in %,d messages, %s", point.event().source().firstLine(),
                measure, point.count().tokens(), point.messages(), what) + stay;
    }
}
