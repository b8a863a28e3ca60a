package dev.tracedeck.desktop.detail;

import static dev.tracedeck.desktop.detail.DetailStyles.ERROR;
import static dev.tracedeck.desktop.detail.DetailStyles.KEY;
import static dev.tracedeck.desktop.detail.DetailStyles.MUTED;
import static dev.tracedeck.desktop.detail.DetailStyles.VALUE;

import dev.tracedeck.analysis.run.RecordWords;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;

/**
 * A span as fields, before its JSON: its name, kind, status, times and ids, then its attributes and its resource's, a
 * row each (a value that is an object or a list in compact JSON, cut where it is long: the JSON below has it whole),
 * so that a model call's model, tokens and messages read at a glance.
 */
final class SpanSection {

    /** The longest value a row shows. */
    private static final int MAX_VALUE = 240;
    /** Keys are padded to this width, and longer keys keep their own length. */
    private static final int KEY_WIDTH = 28;

    private SpanSection() {
    }

    static void append(DetailDocument.Builder out, Payload.JsonRecord span) {
        JsonValue json = span.json();
        SectionLayout.heading(out, "Span", text(json, "name").isEmpty() ? span.eventName() : text(json, "name"));
        field(out, "kind", text(json, "kind"), VALUE);
        String status = text(json, "status");
        String message = text(json, "status_message");
        field(out, "status", status + (message.isEmpty() ? "" : ": " + message), status.equals("ERROR") ? ERROR : VALUE);
        number(json, "duration_ms").ifPresent(ms -> field(out, "duration", RecordWords.duration(ms.doubleValue()), VALUE));
        field(out, "start", text(json, "start"), VALUE);
        field(out, "end", text(json, "end"), VALUE);
        field(out, "trace id", text(json, "trace_id"), MUTED);
        field(out, "span id", text(json, "span_id"), MUTED);
        field(out, "parent span id", text(json, "parent_span_id"), MUTED);
        members(out, "Attributes", json.get("attributes"));
        members(out, "Resource", json.get("resource"));
    }

    private static void members(DetailDocument.Builder out, String title, Optional<JsonValue> members) {
        if (members.isEmpty() || !(members.get() instanceof JsonValue.JsonObject object) || object.members().isEmpty()) {
            return;
        }
        SectionLayout.heading(out, title, CountFormat.count(object.members().size()));
        for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
            field(out, member.getKey(), shown(member.getValue()), VALUE);
        }
    }

    private static String shown(JsonValue value) {
        String text = value instanceof JsonValue.JsonObject || value instanceof JsonValue.JsonArray
                ? value.toCompactString() : value.asText().orElse("null");
        String line = SectionLayout.oneLine(text);
        return line.length() <= MAX_VALUE ? line
                : line.substring(0, MAX_VALUE) + "… (" + CountFormat.count(line.length()) + " chars)";
    }

    private static void field(DetailDocument.Builder out, String key, String value, String style) {
        if (value.isEmpty()) {
            return;
        }
        out.add(SectionLayout.pad(key, KEY_WIDTH), KEY).add(value, style).end();
    }

    private static String text(JsonValue json, String key) {
        return json.get(key).flatMap(JsonValue::asText).orElse("");
    }

    private static Optional<BigDecimal> number(JsonValue json, String key) {
        return json.get(key).filter(v -> v instanceof JsonValue.JsonNumber).map(v -> ((JsonValue.JsonNumber) v).value());
    }
}
