package dev.tracedeck.importers.spans;

import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.json.JsonValue;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The output tools a model call was offered, as Pydantic AI's instrumentation records them on its chat spans: the
 * {@code model_request_parameters} attribute (JSON text in OpenTelemetry; an object where Langfuse keeps the span's
 * attributes under {@code metadata.attributes}), whose {@code output_tools} list the tools ({@code kind: "output"},
 * by default one named {@code final_result}) the model answers the run with. Pydantic AI ends the run at such a call:
 * the "Final result processed." return it appends goes only into the run's own message history, never to a model,
 * so no later model call's input holds it.
 */
final class OutputTools {

    static final String WHY = "Pydantic AI ends a run with its output tool (declared in the request's output_tools);"
            + " no model call reads its return";

    private OutputTools() {
    }

    /** The names of the output tools the span's request declares; empty when it declares none. */
    static Set<String> of(SpanFileEntry.Span span) {
        Optional<JsonValue> parameters = span.attributes().get("model_request_parameters")
                .or(() -> span.attributes().path("metadata", "attributes", "model_request_parameters"));
        if (parameters.isPresent() && parameters.get() instanceof JsonValue.JsonString text) {
            parameters = JsonValues.tryParse(text.value());
        }
        Set<String> names = new HashSet<>();
        if (parameters.flatMap(p -> p.get("output_tools")).orElse(null) instanceof JsonValue.JsonArray tools) {
            for (JsonValue tool : tools.items()) {
                String kind = tool.get("kind").flatMap(JsonValue::asText).orElse("output");
                tool.get("name").flatMap(JsonValue::asText).filter(n -> kind.equals("output")).ifPresent(names::add);
            }
        }
        return names;
    }
}
