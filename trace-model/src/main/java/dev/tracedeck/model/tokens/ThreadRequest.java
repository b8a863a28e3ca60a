package dev.tracedeck.model.tokens;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Optional;

/**
 * What a thread's request says beside its messages, when the trace kept one (an OpenAI request body is imported
 * as a {@code request} record in its conversation's thread): the model and the tool schemas sent with it.
 */
public final class ThreadRequest {

    /** The event name importers give a request body's members besides its messages. */
    public static final String EVENT = "request";

    private ThreadRequest() {
    }

    /** The request's {@code tools} (or the legacy {@code functions}), when it has any. */
    public static Optional<JsonValue> tools(TraceThread thread) {
        return last(thread).flatMap(r -> r.get("tools").or(() -> r.get("functions")))
                .filter(t -> t instanceof JsonValue.JsonArray a && !a.items().isEmpty());
    }

    /** The request's {@code model}, when it names one. */
    public static Optional<String> model(TraceThread thread) {
        return last(thread).flatMap(r -> r.get("model")).flatMap(JsonValue::asText).map(String::strip).filter(m -> !m.isEmpty());
    }

    private static Optional<JsonValue> last(TraceThread thread) {
        JsonValue found = null;
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.JsonRecord r && r.eventName().equals(EVENT)) {
                found = r.json();
            }
        }
        return Optional.ofNullable(found);
    }
}
