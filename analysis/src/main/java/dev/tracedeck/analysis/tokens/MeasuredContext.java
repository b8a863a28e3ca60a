package dev.tracedeck.analysis.tokens;

import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A thread's context as the provider measured it, call by call, where the trace recorded usage. That is the truth
 * the context views and rules judge: it holds what the trace never shows (a harness's system prompt and tool
 * schemas, its cached prefix), which Tracedeck's own count can only estimate.
 */
public final class MeasuredContext {

    private MeasuredContext() {
    }

    /**
     * One point per recorded call with usage, each with the estimate {@code estimates} (the thread's own count, point
     * by point, in source order) had just before it.
     */
    public static List<MeasuredPoint> of(TraceThread thread, List<ContextPoint> estimates) {
        List<MeasuredPoint> points = new ArrayList<>();
        int next = 0;
        OptionalInt before = OptionalInt.empty();
        for (ModelCall call : thread.records().measured()) {
            int seq = call.event().seq();
            while (next < estimates.size() && estimates.get(next).event().seq() < seq) {
                before = OptionalInt.of(estimates.get(next).count().tokens());
                next++;
            }
            points.add(new MeasuredPoint(call, call.usage().orElseThrow().prompt(), before));
        }
        return points;
    }
}
