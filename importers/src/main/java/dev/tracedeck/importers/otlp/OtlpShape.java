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
 * ({@code instrumentationLibrarySpans}, {@code instrumentationLibrary}) are read too. A logs export
 * ({@code ExportLogsServiceRequest}) is {@code resourceLogs[].scopeLogs[].logRecords[]} alike.
 */
final class OtlpShape {

    static final List<String> RESOURCE_SPANS = List.of("resourceSpans", "resource_spans");
    static final List<String> SCOPE_SPANS = List.of("scopeSpans", "scope_spans", "instrumentationLibrarySpans",
            "instrumentation_library_spans");
    static final List<String> SCOPE = List.of("scope", "instrumentationLibrary", "instrumentation_library");
    static final List<String> RESOURCE_LOGS = List.of("resourceLogs", "resource_logs");
    static final List<String> SCOPE_LOGS = List.of("scopeLogs", "scope_logs", "instrumentationLibraryLogs",
            "instrumentation_library_logs");
    static final List<String> LOG_RECORDS = List.of("logRecords", "log_records");
    private static final String[] SEVERITIES = {"TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"};

    private OtlpShape() {
    }

    /** The paths of the spans and log records in a streamed document, for {@code JsonRecordReader}. */
    static List<String> streamedPaths() {
        List<String> paths = new ArrayList<>();
        for (String rs : RESOURCE_SPANS) {
            for (String ss : SCOPE_SPANS) {
                paths.add(rs + "/*/" + ss + "/*/spans");
            }
        }
        for (String rl : RESOURCE_LOGS) {
            for (String sl : SCOPE_LOGS) {
                for (String records : LOG_RECORDS) {
                    paths.add(rl + "/*/" + sl + "/*/" + records);
                }
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

    /**
     * One log record; its time is when it happened, else when it was observed. Its event name is the record's own
     * ({@code eventName}), else the {@code event.name} attribute the SDKs wrote before the field was added.
     */
    static SpanFileEntry.Log logRecord(JsonNode node, Origin origin, SourceRef source, String text, long order) {
        long time = OtlpValues.nanos(OtlpValues.field(node, "timeUnixNano", "time_unix_nano"));
        if (time <= 0) {
            time = OtlpValues.nanos(OtlpValues.field(node, "observedTimeUnixNano", "observed_time_unix_nano"));
        }
        JsonValue.JsonObject attributes = OtlpValues.attributes(node.get("attributes"));
        String name = OtlpValues.text(node, "eventName", "event_name");
        if (name.isEmpty()) {
            name = attributes.get("event.name").flatMap(JsonValue::asText).orElse("");
        }
        JsonNode body = node.get("body");
        return new SpanFileEntry.Log(order, OtlpValues.text(node, "traceId", "trace_id"), OtlpValues.text(node, "spanId", "span_id"),
                Math.max(time, 0), name, severity(node), body == null ? JsonValue.JsonNull.INSTANCE : OtlpValues.any(body),
                attributes, origin, source, text);
    }

    /** Its severity text, else its number's name ({@code 9} is {@code INFO}, {@code 10} {@code INFO2}), else "". */
    private static String severity(JsonNode node) {
        String text = OtlpValues.text(node, "severityText", "severity_text");
        if (!text.isEmpty()) {
            return text;
        }
        JsonNode number = OtlpValues.field(node, "severityNumber", "severity_number");
        if (number.isTextual()) {
            return number.asText().replace("SEVERITY_NUMBER_", "");
        }
        int n = number.asInt(0);
        if (n < 1 || n > 24) {
            return "";
        }
        int step = (n - 1) % 4;
        return SEVERITIES[(n - 1) / 4] + (step == 0 ? "" : Integer.toString(step + 1));
    }

    /** What {@link #walkLogs} hands on: each log record with where it is. */
    interface LogSink {
        void log(JsonNode record, Origin origin, String pointer);
    }

    /**
     * Every log record of a logs export request bound as one value, with its origin and JSON pointer under
     * {@code base}; returns false when the value holds no {@code resourceLogs}.
     */
    static boolean walkLogs(JsonNode request, String base, LogSink sink) {
        String rlName = request.isObject() ? memberName(request, RESOURCE_LOGS) : null;
        if (rlName == null) {
            return false;
        }
        JsonNode resourceLogs = request.get(rlName);
        for (int i = 0; i < resourceLogs.size(); i++) {
            JsonNode rl = resourceLogs.get(i);
            Origin.Resource resource = new Origin.Resource();
            resource.attributes(resource(rl.path("resource")));
            String slName = memberName(rl, SCOPE_LOGS);
            if (slName == null) {
                continue;
            }
            JsonNode scopeLogs = rl.get(slName);
            for (int j = 0; j < scopeLogs.size(); j++) {
                JsonNode sl = scopeLogs.get(j);
                Origin origin = new Origin(resource);
                origin.scope(scope(member(sl, SCOPE)));
                String recordsName = memberName(sl, LOG_RECORDS);
                if (recordsName == null) {
                    continue;
                }
                JsonNode records = sl.get(recordsName);
                for (int k = 0; k < records.size(); k++) {
                    sink.log(records.get(k), origin, base + "/" + rlName + "/" + i + "/" + slName + "/" + j + "/"
                            + recordsName + "/" + k);
                }
            }
        }
        return true;
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
