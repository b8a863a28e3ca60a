package dev.tracedeck.model.recorded;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import java.util.List;
import java.util.Optional;

/**
 * What a thread's request says beside its messages, when the trace kept one (an OpenAI request body is imported
 * as a {@code request} record in its conversation's thread; an OpenTelemetry model-call span names its model): the
 * model and the tool schemas sent with it. It reads a thread's events ({@code TraceThread.events()}), so that what
 * a trace recorded stays below the trace that holds it.
 */
public final class ThreadRequest {

    /** The event name importers give a request body's members besides its messages. */
    public static final String EVENT = "request";
    /**
     * Where a span record keeps the tools its model call was offered, read as a list (OpenTelemetry's
     * {@code gen_ai.tool.definitions} attribute is JSON text).
     */
    public static final String SPAN_TOOLS = "tool_definitions";

    private ThreadRequest() {
    }

    /**
     * The request's {@code tools} (or the legacy {@code functions}), when it has any; else the tools the thread's last
     * model-call span was offered ({@value #SPAN_TOOLS}).
     */
    public static Optional<JsonValue> tools(List<Event> events) {
        return last(events).flatMap(r -> r.get("tools").or(() -> r.get("functions")))
                .filter(ThreadRequest::isList)
                .or(() -> spanTools(events));
    }

    private static boolean isList(JsonValue v) {
        return v instanceof JsonValue.JsonArray a && !a.items().isEmpty();
    }

    private static Optional<JsonValue> spanTools(List<Event> events) {
        JsonValue found = null;
        for (Event e : events) {
            if (e.kind() == EventKind.SPAN && e.payload() instanceof Payload.JsonRecord r) {
                Optional<JsonValue> tools = r.json().get(SPAN_TOOLS).filter(ThreadRequest::isList);
                if (tools.isPresent()) {
                    found = tools.get();
                }
            }
        }
        return Optional.ofNullable(found);
    }

    /**
     * The request's {@code model}, when it names one; else the model the thread's last model-call span asked for
     * (OpenTelemetry's {@code gen_ai.request.model}, its answer's {@code gen_ai.response.model}, OpenInference's
     * {@code llm.model_name}).
     */
    public static Optional<String> model(List<Event> events) {
        return last(events).flatMap(r -> r.get("model")).flatMap(JsonValue::asText).map(String::strip).filter(m -> !m.isEmpty())
                .or(() -> spanModel(events));
    }

    private static final List<String> SPAN_MODEL_ATTRIBUTES =
            List.of("gen_ai.request.model", "gen_ai.response.model", "llm.model_name");

    private static Optional<String> spanModel(List<Event> events) {
        String found = null;
        for (Event e : events) {
            if (e.kind() == EventKind.SPAN && e.payload() instanceof Payload.JsonRecord r) {
                Optional<JsonValue> attributes = r.json().get("attributes");
                for (String key : SPAN_MODEL_ATTRIBUTES) {
                    Optional<String> model = attributes.flatMap(a -> a.get(key)).flatMap(JsonValue::asText)
                            .map(String::strip).filter(m -> !m.isEmpty());
                    if (model.isPresent()) {
                        found = model.get();
                        break;
                    }
                }
            }
        }
        return Optional.ofNullable(found);
    }

    private static Optional<JsonValue> last(List<Event> events) {
        JsonValue found = null;
        for (Event e : events) {
            if (e.payload() instanceof Payload.JsonRecord r && r.eventName().equals(EVENT)) {
                found = r.json();
            }
        }
        return Optional.ofNullable(found);
    }
}
