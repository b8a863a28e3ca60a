package dev.tracedeck.importers.otlp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether an OTLP/JSON export request has the shape the OTLP schema gives it, as far as what is kept and checked
 * reads it: the nested lists are lists of objects ({@code resourceSpans[].scopeSpans[].spans[]},
 * {@code resourceLogs[].scopeLogs[].logRecords[]}), a span's or a record's ids, name and times are strings (times
 * numbers too), its attributes, events and links lists of objects, its status and a resource or scope objects, and
 * every attribute a {@code {key, value}} whose value is an {@code AnyValue}. A binary request can't be otherwise
 * (protobuf's decoder gives it this shape); a JSON one can. {@code listen} refuses a request that doesn't fit whole
 * (the OTLP specification's 400 for data that can't be processed), and the importer reads a line of a file that
 * doesn't fit as one malformed record, saying where it leaves the schema. Both the JSON names and protobuf's field
 * names are taken, as the importer takes them.
 */
public final class OtlpRequestShape {

    /** How deep an {@code AnyValue} may nest its arrays and key-value lists: deeper is no telemetry. */
    private static final int MAX_VALUE_DEPTH = 64;

    private static final List<String> SPAN_TEXTS = List.of("traceId", "trace_id", "spanId", "span_id", "parentSpanId",
            "parent_span_id", "name", "traceState", "trace_state");
    private static final List<String> TIMES = List.of("startTimeUnixNano", "start_time_unix_nano", "endTimeUnixNano",
            "end_time_unix_nano", "timeUnixNano", "time_unix_nano", "observedTimeUnixNano", "observed_time_unix_nano");
    private static final Map<String, List<String>> TRACE_LISTS = Map.of(
            "request", List.of("resourceSpans", "resource_spans"),
            "resource", List.of("scopeSpans", "scope_spans", "instrumentationLibrarySpans", "instrumentation_library_spans"),
            "scope", List.of("spans"));
    private static final Map<String, List<String>> LOG_LISTS = Map.of(
            "request", List.of("resourceLogs", "resource_logs"),
            "resource", List.of("scopeLogs", "scope_logs", "instrumentationLibraryLogs", "instrumentation_library_logs"),
            "scope", List.of("logRecords", "log_records"));

    private OtlpRequestShape() {
    }

    /** The first place a trace export request leaves the schema, as "where: what", or empty when it fits. */
    public static Optional<String> tracesProblem(JsonNode request) {
        return problem(request, TRACE_LISTS, false, false);
    }

    /** The first place a logs export request leaves the schema, or empty when it fits. */
    public static Optional<String> logsProblem(JsonNode request) {
        return problem(request, LOG_LISTS, true, false);
    }

    /**
     * As {@link #tracesProblem}, and also a time that is no time (not a whole number of nanoseconds, negative, past the
     * year 2200). A receiver refuses such a request so the sender hears it; a file that holds one is read with the
     * span kept and reported, which a request refused whole would not allow.
     */
    public static Optional<String> receivableTracesProblem(JsonNode request) {
        return problem(request, TRACE_LISTS, false, true);
    }

    /** As {@link #logsProblem}, and also a time that is no time; see {@link #receivableTracesProblem}. */
    public static Optional<String> receivableLogsProblem(JsonNode request) {
        return problem(request, LOG_LISTS, true, true);
    }

    private static Optional<String> problem(JsonNode request, Map<String, List<String>> lists, boolean logs,
            boolean times) {
        try {
            for (Item resource : list(request, "", lists.get("request"))) {
                object(resource.node.get("resource"), resource.at + "/resource", true);
                attributesOf(resource.node.get("resource"), resource.at + "/resource");
                for (Item scope : list(resource.node, resource.at, lists.get("resource"))) {
                    JsonNode s = scope.node.has("scope") ? scope.node.get("scope") : scope.node.get("instrumentationLibrary");
                    object(s, scope.at + "/scope", true);
                    attributesOf(s, scope.at + "/scope");
                    for (Item item : list(scope.node, scope.at, lists.get("scope"))) {
                        record(item.node, item.at, logs, times);
                    }
                }
            }
            return Optional.empty();
        } catch (Misfit e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * The first place one span or log record (an element of a streamed document's {@code spans} or {@code logRecords})
     * leaves the schema, or empty when it fits.
     */
    public static Optional<String> recordProblem(JsonNode record, String at, boolean log) {
        if (!record.isObject()) {
            return Optional.of(at + " is " + kind(record) + ", not an object");
        }
        try {
            record(record, at, log, false);
            return Optional.empty();
        } catch (Misfit e) {
            return Optional.of(e.getMessage());
        }
    }

    /** The list named {@code name} or {@code protoName} in {@code node}, or an empty node; for a request that fits. */
    public static JsonNode members(JsonNode node, String name, String protoName) {
        return node.has(name) ? node.get(name) : node.path(protoName);
    }

    private record Item(JsonNode node, String at) {
    }

    /** The objects of the list named one of {@code names} in {@code parent} (absent: none). */
    private static List<Item> list(JsonNode parent, String at, List<String> names) throws Misfit {
        for (String name : names) {
            JsonNode v = parent.get(name);
            if (v == null || v.isNull()) {
                continue;
            }
            String here = at + "/" + name;
            if (!v.isArray()) {
                throw new Misfit(here + " is " + kind(v) + ", not a list");
            }
            java.util.ArrayList<Item> items = new java.util.ArrayList<>(v.size());
            for (int i = 0; i < v.size(); i++) {
                if (!v.get(i).isObject()) {
                    throw new Misfit(here + "/" + i + " is " + kind(v.get(i)) + ", not an object");
                }
                items.add(new Item(v.get(i), here + "/" + i));
            }
            return items;
        }
        return List.of();
    }

    private static void record(JsonNode r, String at, boolean log, boolean times) throws Misfit {
        for (String name : SPAN_TEXTS) {
            text(r.get(name), at + "/" + name);
        }
        for (String name : TIMES) {
            JsonNode t = r.get(name);
            if (t != null && !t.isNull() && !t.isTextual() && !t.isIntegralNumber()) {
                throw new Misfit(at + "/" + name + " is " + kind(t) + ", not a time in nanoseconds");
            }
            // fixed64 nanoseconds: OTLP/JSON writes them as decimal strings (or numbers); the importer reads no other.
            String problem = times ? OtlpValues.timeProblem(t, name) : "";
            if (!problem.isEmpty()) {
                throw new Misfit(at + "/" + problem);
            }
        }
        attributesOf(r, at);
        for (String list : List.of("events", "links")) {
            for (Item item : list(r, at, List.of(list))) {
                attributesOf(item.node, item.at);
                text(item.node.get("name"), item.at + "/name");
            }
        }
        object(r.get("status"), at + "/status", true);
        if (r.has("status")) {
            text(r.get("status").get("message"), at + "/status/message");
        }
        if (log && r.has("body")) {
            anyValue(r.get("body"), at + "/body", 0);
        }
    }

    private static void attributesOf(JsonNode owner, String at) throws Misfit {
        if (owner == null || owner.isNull()) {
            return;
        }
        for (Item kv : list(owner, at, List.of("attributes"))) {
            keyValue(kv.node, kv.at, 0);
        }
    }

    private static void keyValue(JsonNode kv, String at, int depth) throws Misfit {
        if (!kv.path("key").isTextual()) {
            throw new Misfit(at + "/key is " + kind(kv.get("key")) + ", not a string");
        }
        if (kv.has("value")) {
            anyValue(kv.get("value"), at + "/value", depth);
        }
    }

    /** {@code AnyValue}: one of its typed members, arrays and key-value lists holding more of them. */
    private static void anyValue(JsonNode v, String at, int depth) throws Misfit {
        if (v.isNull()) {
            return;
        }
        if (!v.isObject()) {
            throw new Misfit(at + " is " + kind(v) + ", not an AnyValue object");
        }
        if (depth > MAX_VALUE_DEPTH) {
            throw new Misfit(at + " nests values more than " + MAX_VALUE_DEPTH + " deep");
        }
        for (String name : List.of("stringValue", "string_value", "bytesValue", "bytes_value")) {
            text(v.get(name), at + "/" + name);
        }
        JsonNode array = v.has("arrayValue") ? v.get("arrayValue") : v.get("array_value");
        if (array != null && !array.isNull()) {
            object(array, at + "/arrayValue", false);
            for (Item item : list(array, at + "/arrayValue", List.of("values"))) {
                anyValue(item.node, item.at, depth + 1);
            }
        }
        JsonNode kvList = v.has("kvlistValue") ? v.get("kvlistValue") : v.get("kvlist_value");
        if (kvList != null && !kvList.isNull()) {
            object(kvList, at + "/kvlistValue", false);
            for (Item item : list(kvList, at + "/kvlistValue", List.of("values"))) {
                keyValue(item.node, item.at, depth + 1);
            }
        }
    }

    private static void object(JsonNode v, String at, boolean optional) throws Misfit {
        if ((v == null || v.isNull()) && optional) {
            return;
        }
        if (v == null || !v.isObject()) {
            throw new Misfit(at + " is " + kind(v) + ", not an object");
        }
    }

    private static void text(JsonNode v, String at) throws Misfit {
        if (v != null && !v.isNull() && !v.isTextual()) {
            throw new Misfit(at + " is " + kind(v) + ", not a string");
        }
    }

    private static String kind(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "missing";
        }
        return switch (v.getNodeType()) {
            case ARRAY -> "a list";
            case OBJECT -> "an object";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> "a " + v.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static final class Misfit extends Exception {
        Misfit(String message) {
            super(message, null, false, false);
        }
    }
}
