package dev.tracedeck.engine.freeze;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Optional;

/**
 * The sampling parameters a model-call span recorded: OpenTelemetry's {@code gen_ai.request.*} attributes, and
 * OpenInference's {@code llm.invocation_parameters} (the parameters' JSON as text), from the last span at or before
 * the call's answer that has any.
 */
final class SpanParameters {

    private SpanParameters() {
    }

    static Optional<RequestOptions> before(TraceThread thread, CallStep call) {
        int until = call.answer().map(Event::seq).orElse(Integer.MAX_VALUE);
        ObjectNode found = null;
        Event from = null;
        for (Event e : thread.events()) {
            if (e.seq() > until) {
                break;
            }
            if (e.kind() == EventKind.SPAN && e.payload() instanceof Payload.JsonRecord r) {
                Optional<ObjectNode> read = r.json().get("attributes").map(RequestFreezer::jackson).flatMap(SpanParameters::read);
                if (read.isPresent()) {
                    found = read.get();
                    from = e;
                }
            }
        }
        if (found == null) {
            return Optional.empty();
        }
        return Optional.of(new RequestOptions(found, Optional.empty(), "the span at line " + from.firstLine()));
    }

    private static Optional<ObjectNode> read(JsonNode attributes) {
        ObjectNode out = RequestFreezer.MAPPER.createObjectNode();
        attributes.fields().forEachRemaining(a -> {
            if (a.getKey().startsWith("gen_ai.request.") && !a.getKey().equals("gen_ai.request.model")) {
                out.set(a.getKey(), a.getValue());
            }
        });
        JsonNode invocation = attributes.path("llm.invocation_parameters");
        if (invocation.isTextual()) {
            try {
                JsonNode parsed = RequestFreezer.MAPPER.readTree(invocation.textValue());
                if (parsed != null && parsed.isObject()) {
                    parsed.fields().forEachRemaining(p -> out.set(p.getKey(), p.getValue()));
                }
            } catch (JsonProcessingException e) {
                // Text that is not JSON holds no parameters to read.
            }
        } else if (invocation.isObject()) {
            invocation.fields().forEachRemaining(p -> out.set(p.getKey(), p.getValue()));
        }
        return out.isEmpty() ? Optional.empty() : Optional.of(out);
    }
}
