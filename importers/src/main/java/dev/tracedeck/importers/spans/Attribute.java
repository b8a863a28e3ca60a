package dev.tracedeck.importers.spans;

import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.source.SourceRef;
import java.util.Map;
import java.util.Optional;

/**
 * An attribute of a span with its JSON pointer within the span: on the span itself ({@code /attributes/7}) or, for
 * the conventions that record messages on span events ({@code gen_ai.client.inference.operation.details}, the older
 * {@code gen_ai.content.prompt}), on one of its events ({@code /events/0/attributes/1}).
 */
record Attribute(String key, JsonValue value, String pointer) {

    /** The span's own attribute {@code key}, else the first event's that has it. */
    static Optional<Attribute> find(SpanFileEntry.Span span, String key) {
        Optional<Attribute> own = in(span.attributes(), key, "", span.keyedAttributes());
        if (own.isPresent() || !(span.events() instanceof JsonValue.JsonArray events)) {
            return own;
        }
        for (int e = 0; e < events.items().size(); e++) {
            Optional<JsonValue> attributes = events.items().get(e).get("attributes");
            if (attributes.isPresent() && attributes.get() instanceof JsonValue.JsonObject a) {
                Optional<Attribute> found = in(a, key, "/events/" + e, span.keyedAttributes());
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Attributes keep file order, so a key's position among them is its index in the file's list; where the file
     * keeps them as an object, the pointer names the key.
     */
    private static Optional<Attribute> in(JsonValue.JsonObject attributes, String key, String base, boolean keyed) {
        if (keyed) {
            return attributes.get(key).map(v -> new Attribute(key, v, base + "/attributes/" + SourceRef.pointerToken(key)));
        }
        int i = 0;
        for (Map.Entry<String, JsonValue> e : attributes.members().entrySet()) {
            if (e.getKey().equals(key)) {
                return Optional.of(new Attribute(key, e.getValue(), base + "/attributes/" + i));
            }
            i++;
        }
        return Optional.empty();
    }

    /** The value as text: a string as it is, anything else as compact JSON. */
    String text() {
        return value instanceof JsonValue.JsonString s ? s.value() : value.toCompactString();
    }
}
