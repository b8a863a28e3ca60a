package dev.tracedeck.importers.otelconsole;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.spans.Origin;
import dev.tracedeck.importers.spans.SpanFacts;
import dev.tracedeck.importers.spans.SpanFileEntry;
import dev.tracedeck.importers.spans.SpanTime;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.source.SourceRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One span as the Python SDK's {@code ReadableSpan.to_json()} writes it, which its {@code ConsoleSpanExporter}
 * prints: {@code {name, context: {trace_id, span_id, trace_state}, kind: "SpanKind.CLIENT", parent_id, start_time,
 * end_time, status: {status_code, description}, attributes: {…}, events: [{name, timestamp, attributes}],
 * links: [{context, attributes}], resource: {attributes, schema_url}}}: ids as {@code 0x}-prefixed hex, times as ISO
 * instants, attributes as plain JSON values. A span not ended yet has {@code end_time: null}.
 */
final class ConsoleSpans {

    private ConsoleSpans() {
    }

    /**
     * True when {@code node} has a span's {@code context} with its ids, as every such span has; or a {@code context}
     * that is no object, a span that broke, which {@link #problem} says.
     */
    static boolean isSpan(JsonNode node) {
        JsonNode context = node.path("context");
        return node.isObject() && (context.has("span_id") && context.has("trace_id")
                || node.has("context") && !context.isObject() && !context.isNull());
    }

    /**
     * Why a span can't be read: a member {@link #span} reads is not of the type {@code to_json()} writes (ids, name,
     * kind, times and status strings; context, status, attributes and resource objects; events and links lists of
     * objects); null when it can.
     */
    static String problem(JsonNode node) {
        try {
            JsonNode context = JsonFields.object(node, "context");
            for (String id : List.of("trace_id", "span_id", "trace_state")) {
                JsonFields.text(context, id, "context." + id);
            }
            for (String field : List.of("name", "kind", "parent_id", "start_time", "end_time")) {
                JsonFields.text(node, field);
            }
            JsonNode status = JsonFields.object(node, "status");
            if (status.isObject()) {
                JsonFields.text(status, "status_code", "status.status_code");
                JsonFields.text(status, "description", "status.description");
            }
            JsonFields.object(node, "attributes");
            JsonNode events = JsonFields.list(node, "events");
            for (int i = 0; i < events.size(); i++) {
                JsonNode event = JsonFields.isObject(events.get(i), "events[" + i + "]");
                JsonFields.text(event, "name", "events[" + i + "].name");
                JsonFields.text(event, "timestamp", "events[" + i + "].timestamp");
                JsonFields.object(event, "attributes", "events[" + i + "].attributes");
            }
            JsonNode links = JsonFields.list(node, "links");
            for (int i = 0; i < links.size(); i++) {
                JsonNode link = JsonFields.isObject(links.get(i), "links[" + i + "]");
                JsonNode linked = JsonFields.object(link, "context", "links[" + i + "].context");
                JsonFields.text(linked, "trace_id", "links[" + i + "].context.trace_id");
                JsonFields.text(linked, "span_id", "links[" + i + "].context.span_id");
                JsonFields.object(link, "attributes", "links[" + i + "].attributes");
            }
            JsonNode resource = JsonFields.object(node, "resource");
            if (resource.has("attributes")) {
                JsonFields.object(resource, "attributes", "resource.attributes");
            }
            return null;
        } catch (MalformedRecordException e) {
            return "a span whose " + e.getMessage();
        }
    }

    static SpanFileEntry.Span span(JsonNode node, SourceRef source, String text, long order) {
        JsonNode context = node.path("context");
        JsonNode status = node.path("status");
        List<JsonValue> events = new ArrayList<>();
        node.path("events").forEach(e -> events.add(event(e)));
        List<JsonValue> links = new ArrayList<>();
        node.path("links").forEach(l -> links.add(link(l)));
        Origin origin = Origin.none();
        origin.resource().attributes(resource(node.path("resource")));
        return new SpanFileEntry.Span(order, id(context.path("trace_id")), id(context.path("span_id")), id(node.path("parent_id")),
                node.path("name").asText(""), kind(node.path("kind").asText("")),
                SpanTime.nanos(node.path("start_time").asText("")), SpanTime.nanos(node.path("end_time").asText("")),
                status(status.path("status_code").asText("")), status.path("description").asText(""),
                attributes(node.path("attributes")), new JsonValue.JsonArray(events), new JsonValue.JsonArray(links),
                origin, source, text, true, SpanFacts.NONE);
    }

    /** {@code 0x5573da5d…} as the hex OTLP writes ({@code 5573da5d…}); "" for null. */
    private static String id(JsonNode v) {
        String s = v.isValueNode() && !v.isNull() ? v.asText().strip() : "";
        return s.regionMatches(true, 0, "0x", 0, 2) ? s.substring(2) : s;
    }

    /** {@code SpanKind.CLIENT} as {@code client}. */
    private static String kind(String kind) {
        return kind.substring(kind.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    }

    /** {@code OK}, {@code ERROR}, else {@code UNSET} ({@code StatusCode.ERROR} too). */
    private static String status(String code) {
        String name = code.substring(code.lastIndexOf('.') + 1).toUpperCase(Locale.ROOT);
        return name.equals("OK") || name.equals("ERROR") ? name : "UNSET";
    }

    private static JsonValue.JsonObject attributes(JsonNode node) {
        return JsonValues.from(node) instanceof JsonValue.JsonObject o ? o : new JsonValue.JsonObject(Map.of());
    }

    /** {@code {attributes, schema_url}}; SDKs before 1.0 wrote the attributes straight into {@code resource}. */
    private static JsonValue.JsonObject resource(JsonNode resource) {
        if (resource.has("attributes") || !resource.isObject()) {
            return attributes(resource.path("attributes"));
        }
        return attributes(resource);
    }

    private static JsonValue event(JsonNode event) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("name", JsonValue.of(event.path("name").asText("")));
        m.put("time", JsonValue.of(SpanTime.iso(SpanTime.nanos(event.path("timestamp").asText("")))));
        m.put("attributes", attributes(event.path("attributes")));
        return new JsonValue.JsonObject(m);
    }

    private static JsonValue link(JsonNode link) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("trace_id", JsonValue.of(id(link.path("context").path("trace_id"))));
        m.put("span_id", JsonValue.of(id(link.path("context").path("span_id"))));
        m.put("attributes", attributes(link.path("attributes")));
        return new JsonValue.JsonObject(m);
    }
}
