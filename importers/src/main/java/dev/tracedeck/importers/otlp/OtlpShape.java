package dev.tracedeck.importers.otlp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.spans.Origin;
import dev.tracedeck.importers.spans.SpanFacts;
import dev.tracedeck.importers.spans.SpanFileEntry;
import dev.tracedeck.importers.spans.SpanTime;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.source.SourceRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shape of an OTLP trace export ({@code ExportTraceServiceRequest}, the collector's {@code file} exporter's
 * lines): {@code resourceSpans[].scopeSpans[].spans[]}, each {@code resourceSpans} entry with its {@code resource}
 * and each {@code scopeSpans} entry with its {@code scope}. The member names protobuf's JSON printer writes when told
 * to keep the proto's ({@code resource_spans}, {@code scope_spans}) and those of OTLP before 0.15
 * ({@code instrumentationLibrarySpans}, {@code instrumentationLibrary}) are read too.
 */
final class OtlpShape {

    static final List<String> RESOURCE_SPANS = List.of("resourceSpans", "resource_spans");
    static final List<String> SCOPE_SPANS = List.of("scopeSpans", "scope_spans", "instrumentationLibrarySpans",
            "instrumentation_library_spans");
    static final List<String> SCOPE = List.of("scope", "instrumentationLibrary", "instrumentation_library");

    private OtlpShape() {
    }

    /** The paths of the spans in a streamed document, for {@code JsonRecordReader}. */
    static List<String> streamedPaths() {
        List<String> paths = new ArrayList<>();
        for (String rs : RESOURCE_SPANS) {
            for (String ss : SCOPE_SPANS) {
                paths.add(rs + "/*/" + ss + "/*/spans");
            }
        }
        return paths;
    }

    /** The member of {@code node} with one of these names, else a missing node. */
    static JsonNode member(JsonNode node, List<String> names) {
        for (String name : names) {
            if (node.has(name)) {
                return node.get(name);
            }
        }
        return node.path(names.get(0));
    }

    /** The name of the member of {@code node} with one of these names, or null. */
    static String memberName(JsonNode node, List<String> names) {
        return names.stream().filter(node::has).findFirst().orElse(null);
    }

    /** One span; the fields a span lacks are empty. */
    static SpanFileEntry.Span span(JsonNode node, Origin origin, SourceRef source, String text, long order) {
        JsonNode status = node.path("status");
        List<JsonValue> events = new ArrayList<>();
        node.path("events").forEach(e -> events.add(event(e)));
        List<JsonValue> links = new ArrayList<>();
        node.path("links").forEach(l -> links.add(link(l)));
        return new SpanFileEntry.Span(order, OtlpValues.text(node, "traceId", "trace_id"), OtlpValues.text(node, "spanId", "span_id"),
                OtlpValues.text(node, "parentSpanId", "parent_span_id"), node.path("name").asText(""),
                OtlpValues.kind(node.path("kind")),
                OtlpValues.nanos(OtlpValues.field(node, "startTimeUnixNano", "start_time_unix_nano")),
                OtlpValues.nanos(OtlpValues.field(node, "endTimeUnixNano", "end_time_unix_nano")),
                OtlpValues.status(status.path("code")), status.path("message").asText(""),
                OtlpValues.attributes(node.get("attributes")), new JsonValue.JsonArray(events), new JsonValue.JsonArray(links),
                origin, source, text, false, SpanFacts.NONE, timeProblem(node));
    }

    /**
     * What is wrong with the span's start and end times, or "": a time that is none (not a number, negative,
     * absurdly late), or an end before the start. Such a span is kept, placed by where it is in the file.
     */
    static String timeProblem(JsonNode span) {
        String startField = span.has("startTimeUnixNano") ? "startTimeUnixNano" : "start_time_unix_nano";
        String endField = span.has("endTimeUnixNano") ? "endTimeUnixNano" : "end_time_unix_nano";
        String start = OtlpValues.timeProblem(span.get(startField), startField);
        String end = OtlpValues.timeProblem(span.get(endField), endField);
        if (!start.isEmpty() || !end.isEmpty()) {
            return start.isEmpty() ? end : end.isEmpty() ? start : start + "; " + end;
        }
        long from = OtlpValues.nanos(span.path(startField));
        long to = OtlpValues.nanos(span.path(endField));
        if (from > 0 && to > 0 && to < from) {
            return endField + " " + SpanTime.iso(to) + " is before " + startField + " " + SpanTime.iso(from);
        }
        return "";
    }

    /** Reads an event of a span as {@code {name, time, attributes}}. */
    static JsonValue event(JsonNode event) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("name", JsonValue.of(event.path("name").asText("")));
        m.put("time", JsonValue.of(SpanTime.iso(OtlpValues.nanos(OtlpValues.field(event, "timeUnixNano", "time_unix_nano")))));
        m.put("attributes", OtlpValues.attributes(event.get("attributes")));
        return new JsonValue.JsonObject(m);
    }

    private static JsonValue link(JsonNode link) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("trace_id", JsonValue.of(OtlpValues.text(link, "traceId", "trace_id")));
        m.put("span_id", JsonValue.of(OtlpValues.text(link, "spanId", "span_id")));
        m.put("attributes", OtlpValues.attributes(link.get("attributes")));
        return new JsonValue.JsonObject(m);
    }

    /** A scope as {@code {name, version, attributes}}. */
    static JsonValue scope(JsonNode node) {
        if (!node.isObject()) {
            return JsonValue.JsonNull.INSTANCE;
        }
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("name", JsonValue.of(node.path("name").asText("")));
        if (node.hasNonNull("version")) {
            m.put("version", JsonValue.of(node.get("version").asText()));
        }
        JsonValue.JsonObject attributes = OtlpValues.attributes(node.get("attributes"));
        if (!attributes.members().isEmpty()) {
            m.put("attributes", attributes);
        }
        return new JsonValue.JsonObject(m);
    }

    /** A resource's attributes. */
    static JsonValue.JsonObject resource(JsonNode node) {
        return OtlpValues.attributes(node.path("attributes"));
    }

    /** What {@link #walk} hands on: each span with where it is. */
    interface SpanSink {
        void span(JsonNode span, Origin origin, String pointer);
    }

    /**
     * Every span of an export request bound as one value (a JSON Lines line, an element of a top-level array), with
     * its origin and JSON pointer under {@code base}; returns false when the value holds no {@code resourceSpans}.
     */
    static boolean walk(JsonNode request, String base, SpanSink sink) {
        String rsName = request.isObject() ? memberName(request, RESOURCE_SPANS) : null;
        if (rsName == null) {
            return false;
        }
        JsonNode resourceSpans = request.get(rsName);
        for (int i = 0; i < resourceSpans.size(); i++) {
            JsonNode rs = resourceSpans.get(i);
            Origin.Resource resource = new Origin.Resource();
            resource.attributes(resource(rs.path("resource")));
            String ssName = memberName(rs, SCOPE_SPANS);
            if (ssName == null) {
                continue;
            }
            JsonNode scopeSpans = rs.get(ssName);
            for (int j = 0; j < scopeSpans.size(); j++) {
                JsonNode ss = scopeSpans.get(j);
                Origin origin = new Origin(resource);
                origin.scope(scope(member(ss, SCOPE)));
                JsonNode spans = ss.path("spans");
                for (int k = 0; k < spans.size(); k++) {
                    sink.span(spans.get(k), origin, base + "/" + rsName + "/" + i + "/" + ssName + "/" + j + "/spans/" + k);
                }
            }
        }
        return true;
    }
}
