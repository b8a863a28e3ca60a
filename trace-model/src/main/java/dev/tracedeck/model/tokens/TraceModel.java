package dev.tracedeck.model.tokens;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Optional;

/**
 * The model a trace says its agent ran on, when it says: the Mycelian runner's {@code RUN … agent=} (or
 * {@code ingest=}), or the {@code model} of a request the trace holds.
 */
public final class TraceModel {

    private TraceModel() {
    }

    public static Optional<String> of(Trace trace) {
        for (Event e : trace.events()) {
            if (e.payload() instanceof Payload.RunMarker marker && e.keyword().equals("RUN")) {
                Optional<String> model = marker.field("agent").or(() -> marker.field("ingest")).map(String::strip)
                        .filter(m -> !m.isEmpty());
                if (model.isPresent()) {
                    return model;
                }
            }
        }
        for (TraceThread thread : trace.threads()) {
            Optional<String> model = ThreadRequest.model(thread);
            if (model.isPresent()) {
                return model;
            }
        }
        return Optional.empty();
    }
}
