package dev.tracedeck.analysis.tokens;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.recorded.ModelCall;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The context at one model call as the provider measured it — the prompt tokens it billed — beside Tracedeck's own
 * count of the history the trace shows up to there.
 *
 * @param call     the recorded call, with its usage
 * @param tokens   the prompt tokens billed: the context the model read
 * @param estimate Tracedeck's count of the history before the call, when the thread has one there
 */
public record MeasuredPoint(ModelCall call, long tokens, OptionalInt estimate) {

    public MeasuredPoint {
        Objects.requireNonNull(call);
        Objects.requireNonNull(estimate);
    }

    public Event event() {
        return call.event();
    }

    /** "our estimate there is 150,120 (−9%)", or "" when there is none to show. */
    public String estimateBeside() {
        if (estimate.isEmpty() || tokens == 0) {
            return "";
        }
        long diff = estimate.getAsInt() - tokens;
        return String.format(java.util.Locale.ROOT, "Tracedeck's own count of the history there is %,d (%+.0f%%)", estimate.getAsInt(),
                100.0 * diff / tokens);
    }
}
