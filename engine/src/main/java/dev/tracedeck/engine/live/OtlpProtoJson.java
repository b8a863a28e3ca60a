package dev.tracedeck.engine.live;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.InstrumentationScope;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.logs.v1.LogRecord;
import io.opentelemetry.proto.logs.v1.ResourceLogs;
import io.opentelemetry.proto.logs.v1.ScopeLogs;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * An export request decoded by the OpenTelemetry project's generated classes, written as OTLP/JSON the way the
 * OTLP specification says: lowerCamelCase names, trace and span ids as hex (not protobuf's base64 for bytes), enums
 * as numbers, 64-bit integers as decimal strings, fields at their default value left out. protobuf-java's own JSON
 * printer can't be told to write ids as hex, so the mapping is here, from the classes' getters.
 */
final class OtlpProtoJson {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final HexFormat HEX = HexFormat.of();

    private OtlpProtoJson() {
    }

    static ObjectNode traces(ExportTraceServiceRequest request) {
        ObjectNode root = JSON.objectNode();
        ArrayNode resourceSpans = root.putArray("resourceSpans");
        for (ResourceSpans rs : request.getResourceSpansList()) {
            ObjectNode r = resourceSpans.addObject();
            if (rs.hasResource()) {
                r.set("resource", resource(rs.getResource()));
            }
            ArrayNode scopeSpans = r.putArray("scopeSpans");
            for (ScopeSpans ss : rs.getScopeSpansList()) {
                ObjectNode s = scopeSpans.addObject();
                if (ss.hasScope()) {
                    s.set("scope", scope(ss.getScope()));
                }
                ArrayNode spans = s.putArray("spans");
                ss.getSpansList().forEach(span -> spans.add(span(span)));
                text(s, "schemaUrl", ss.getSchemaUrl());
            }
            text(r, "schemaUrl", rs.getSchemaUrl());
        }
        return root;
    }

    static ObjectNode logs(ExportLogsServiceRequest request) {
        ObjectNode root = JSON.objectNode();
        ArrayNode resourceLogs = root.putArray("resourceLogs");
        for (ResourceLogs rl : request.getResourceLogsList()) {
            ObjectNode r = resourceLogs.addObject();
            if (rl.hasResource()) {
                r.set("resource", resource(rl.getResource()));
            }
            ArrayNode scopeLogs = r.putArray("scopeLogs");
            for (ScopeLogs sl : rl.getScopeLogsList()) {
                ObjectNode s = scopeLogs.addObject();
                if (sl.hasScope()) {
                    s.set("scope", scope(sl.getScope()));
                }
                ArrayNode records = s.putArray("logRecords");
                sl.getLogRecordsList().forEach(record -> records.add(log(record)));
                text(s, "schemaUrl", sl.getSchemaUrl());
            }
            text(r, "schemaUrl", rl.getSchemaUrl());
        }
        return root;
    }

    private static ObjectNode span(Span span) {
        ObjectNode s = JSON.objectNode();
        id(s, "traceId", span.getTraceId());
        id(s, "spanId", span.getSpanId());
        text(s, "traceState", span.getTraceState());
        id(s, "parentSpanId", span.getParentSpanId());
        if (span.getFlags() != 0) {
            s.put("flags", span.getFlags());
        }
        s.put("name", span.getName());
        if (span.getKindValue() != 0) {
            s.put("kind", span.getKindValue());
        }
        nanos(s, "startTimeUnixNano", span.getStartTimeUnixNano());
        nanos(s, "endTimeUnixNano", span.getEndTimeUnixNano());
        attributes(s, span.getAttributesList(), span.getDroppedAttributesCount());
        if (span.getEventsCount() > 0) {
            ArrayNode events = s.putArray("events");
            for (Span.Event e : span.getEventsList()) {
                ObjectNode event = events.addObject();
                nanos(event, "timeUnixNano", e.getTimeUnixNano());
                event.put("name", e.getName());
                attributes(event, e.getAttributesList(), e.getDroppedAttributesCount());
            }
        }
        count(s, "droppedEventsCount", span.getDroppedEventsCount());
        if (span.getLinksCount() > 0) {
            ArrayNode links = s.putArray("links");
            for (Span.Link l : span.getLinksList()) {
                ObjectNode link = links.addObject();
                id(link, "traceId", l.getTraceId());
                id(link, "spanId", l.getSpanId());
                text(link, "traceState", l.getTraceState());
                attributes(link, l.getAttributesList(), l.getDroppedAttributesCount());
                if (l.getFlags() != 0) {
                    link.put("flags", l.getFlags());
                }
            }
        }
        count(s, "droppedLinksCount", span.getDroppedLinksCount());
        if (span.hasStatus()) {
            ObjectNode status = s.putObject("status");
            text(status, "message", span.getStatus().getMessage());
            if (span.getStatus().getCodeValue() != 0) {
                status.put("code", span.getStatus().getCodeValue());
            }
        }
        return s;
    }

    private static ObjectNode log(LogRecord record) {
        ObjectNode l = JSON.objectNode();
        nanos(l, "timeUnixNano", record.getTimeUnixNano());
        nanos(l, "observedTimeUnixNano", record.getObservedTimeUnixNano());
        if (record.getSeverityNumberValue() != 0) {
            l.put("severityNumber", record.getSeverityNumberValue());
        }
        text(l, "severityText", record.getSeverityText());
        if (record.hasBody()) {
            l.set("body", any(record.getBody()));
        }
        attributes(l, record.getAttributesList(), record.getDroppedAttributesCount());
        if (record.getFlags() != 0) {
            l.put("flags", record.getFlags());
        }
        id(l, "traceId", record.getTraceId());
        id(l, "spanId", record.getSpanId());
        text(l, "eventName", record.getEventName());
        return l;
    }

    private static ObjectNode resource(Resource resource) {
        ObjectNode r = JSON.objectNode();
        attributes(r, resource.getAttributesList(), resource.getDroppedAttributesCount());
        return r;
    }

    private static ObjectNode scope(InstrumentationScope scope) {
        ObjectNode s = JSON.objectNode();
        s.put("name", scope.getName());
        text(s, "version", scope.getVersion());
        attributes(s, scope.getAttributesList(), scope.getDroppedAttributesCount());
        return s;
    }

    private static void attributes(ObjectNode into, List<KeyValue> attributes, int dropped) {
        if (!attributes.isEmpty()) {
            into.set("attributes", keyValues(attributes));
        }
        count(into, "droppedAttributesCount", dropped);
    }

    private static ArrayNode keyValues(List<KeyValue> attributes) {
        ArrayNode list = JSON.arrayNode();
        for (KeyValue kv : attributes) {
            ObjectNode a = list.addObject();
            a.put("key", kv.getKey());
            a.set("value", any(kv.getValue()));
        }
        return list;
    }

    /** An {@code AnyValue}, its one field named as OTLP/JSON names it; bytes as base64, as protobuf's JSON has them. */
    static ObjectNode any(AnyValue value) {
        ObjectNode v = JSON.objectNode();
        switch (value.getValueCase()) {
            case STRING_VALUE -> v.put("stringValue", value.getStringValue());
            case BOOL_VALUE -> v.put("boolValue", value.getBoolValue());
            case INT_VALUE -> v.put("intValue", Long.toString(value.getIntValue()));
            case DOUBLE_VALUE -> v.put("doubleValue", value.getDoubleValue());
            case ARRAY_VALUE -> {
                ArrayNode values = v.putObject("arrayValue").putArray("values");
                value.getArrayValue().getValuesList().forEach(item -> values.add(any(item)));
            }
            case KVLIST_VALUE -> v.putObject("kvlistValue").set("values", keyValues(value.getKvlistValue().getValuesList()));
            case BYTES_VALUE -> v.put("bytesValue", Base64.getEncoder().encodeToString(value.getBytesValue().toByteArray()));
            default -> {
                // An empty AnyValue: OTLP's way of saying null.
            }
        }
        return v;
    }

    private static void id(ObjectNode into, String name, ByteString id) {
        if (!id.isEmpty()) {
            into.put(name, HEX.formatHex(id.toByteArray()));
        }
    }

    private static void nanos(ObjectNode into, String name, long nanos) {
        if (nanos != 0) {
            into.put(name, Long.toUnsignedString(nanos));
        }
    }

    private static void text(ObjectNode into, String name, String text) {
        if (!text.isEmpty()) {
            into.put(name, text);
        }
    }

    private static void count(ObjectNode into, String name, int count) {
        if (count != 0) {
            into.put(name, count);
        }
    }
}
