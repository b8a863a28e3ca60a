package dev.tracedeck.importers.spans;

import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.recorded.ThreadRequest;
import dev.tracedeck.model.source.SourceRef;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a span importer holds until the whole file is read, so that it can write the spans in the order they started
 * rather than the order exporters write them (ended-first, children before parents): each span as little more than
 * the event it becomes, and the JSON Lines lines that did not parse, to be put back where they were. Every span
 * format (OTLP, the SDKs' console dumps, Phoenix, Langfuse) reads its own file shape into these neutral spans; the
 * rest ({@link SpanWriter}) is shared.
 */
public sealed interface SpanFileEntry {

    /** Position in the file, from 0. */
    long order();

    /**
     * One span.
     *
     * @param attributes its attributes as plain values, in file order
     * @param events     its span events as {@code [{name, time, attributes}]}
     * @param links      its links as {@code [{trace_id, span_id, attributes}]}
     * @param source     its lines and JSON pointer ({@code /resourceSpans/0/scopeSpans/0/spans/3})
     * @param start      Unix nanoseconds, 0 when not written; {@code end} too
     * @param status     {@code OK}, {@code ERROR} or {@code UNSET}
     * @param text       its JSON as in the file (as re-written when it came inside a JSON Lines line)
     * @param keyedAttributes true when the file keeps the attributes as an object (a pointer names an attribute's
     *                   key, {@code /attributes/llm.model_name}), false for OTLP's list ({@code /attributes/7})
     * @param facts      what the format says outright about the span's role, messages, model and usage, where it
     *                   does not say so in attributes
     * @param timeProblem what is wrong with its start or end time, "" when nothing is
     */
    public record Span(long order, String traceId, String spanId, String parentSpanId, String name, String kind,
                       long start, long end, String status, String statusMessage, JsonValue.JsonObject attributes,
                       JsonValue events, JsonValue links, Origin origin, SourceRef source, String text,
                       boolean keyedAttributes, SpanFacts facts, String timeProblem)
            implements SpanFileEntry {

        /** A span whose times were read as times (a format that checks them as it reads, or has none to check). */
        public Span(long order, String traceId, String spanId, String parentSpanId, String name, String kind,
                    long start, long end, String status, String statusMessage, JsonValue.JsonObject attributes,
                    JsonValue events, JsonValue links, Origin origin, SourceRef source, String text,
                    boolean keyedAttributes, SpanFacts facts) {
            this(order, traceId, spanId, parentSpanId, name, kind, start, end, status, statusMessage, attributes, events,
                    links, origin, source, text, keyedAttributes, facts, "");
        }

        public Span {
            Objects.requireNonNull(timeProblem);
            Objects.requireNonNull(attributes);
            Objects.requireNonNull(origin);
            Objects.requireNonNull(source);
            Objects.requireNonNull(text);
            Objects.requireNonNull(facts);
        }

        /**
         * The tools the model call was offered ({@code gen_ai.tool.definitions}: JSON text, or a structured value),
         * read as a list so that token counts can count their schemas; empty when absent or not a list.
         */
        Optional<JsonValue> toolDefinitions() {
            Optional<JsonValue> value = attributes.get("gen_ai.tool.definitions");
            if (value.isPresent() && value.get() instanceof JsonValue.JsonString s) {
                value = JsonValues.tryParse(s.value());
            }
            return value.filter(v -> v instanceof JsonValue.JsonArray a && !a.items().isEmpty());
        }

        /** An attribute's text, "" when it is absent or not a string. */
        String attribute(String key) {
            return attributes.get(key).flatMap(v -> v instanceof JsonValue.JsonString s ? Optional.of(s.value())
                    : Optional.empty()).orElse("");
        }

        /**
         * The conversation the span says it belongs to: {@code gen_ai.conversation.id}, else {@code session.id}
         * (OpenInference and OpenTelemetry's session convention), on the span or its resource; "" when none.
         */
        public String conversation() {
            for (String key : new String[] {"gen_ai.conversation.id", "session.id"}) {
                String own = attribute(key);
                if (!own.isBlank()) {
                    return own;
                }
            }
            return origin.resource().attributes().get("session.id").flatMap(JsonValue::asText).orElse("");
        }

        boolean failed() {
            return status.equals("ERROR");
        }

        /** "chat gpt-4 failed: Error code: 401", then each {@code exception} event's type, message and stack trace. */
        String failure() {
            StringBuilder s = new StringBuilder(name.isEmpty() ? "span" : name).append(" failed");
            if (!statusMessage.isEmpty()) {
                s.append(": ").append(statusMessage);
            }
            if (events instanceof JsonValue.JsonArray list) {
                for (JsonValue e : list.items()) {
                    if (text(e, "name").equals("exception")) {
                        JsonValue a = e.get("attributes").orElse(JsonValue.JsonNull.INSTANCE);
                        s.append('\n').append(text(a, "exception.type")).append(": ").append(text(a, "exception.message"));
                        String trace = text(a, "exception.stacktrace");
                        if (!trace.isEmpty()) {
                            s.append('\n').append(trace);
                        }
                    }
                }
            }
            return s.toString();
        }

        private static String text(JsonValue v, String key) {
            return v.get(key).flatMap(JsonValue::asText).orElse("");
        }

        /** What the detail pane shows: the span's fields in plain form, name and outcome first for the summary. */
        JsonValue json() {
            Map<String, JsonValue> m = new LinkedHashMap<>();
            m.put("name", JsonValue.of(name));
            m.put("kind", JsonValue.of(kind));
            m.put("status", JsonValue.of(status));
            if (!statusMessage.isEmpty()) {
                m.put("status_message", JsonValue.of(statusMessage));
            }
            if (start > 0 && end >= start) {
                BigDecimal ms = BigDecimal.valueOf(end - start, 6).stripTrailingZeros();
                m.put("duration_ms", new JsonValue.JsonNumber(ms.scale() < 0 ? ms.setScale(0) : ms));
            }
            m.put("start", JsonValue.of(SpanTime.iso(start)));
            m.put("end", JsonValue.of(SpanTime.iso(end)));
            m.put("trace_id", JsonValue.of(traceId));
            m.put("span_id", JsonValue.of(spanId));
            if (!parentSpanId.isEmpty()) {
                m.put("parent_span_id", JsonValue.of(parentSpanId));
            }
            m.put("attributes", attributes);
            toolDefinitions().ifPresent(tools -> m.put(ThreadRequest.SPAN_TOOLS, tools));
            putUnlessEmpty(m, "events", events);
            putUnlessEmpty(m, "links", links);
            if (!origin.resource().attributes().members().isEmpty()) {
                m.put("resource", origin.resource().attributes());
            }
            if (!(origin.scope() instanceof JsonValue.JsonNull)) {
                m.put("scope", origin.scope());
            }
            return new JsonValue.JsonObject(m);
        }

        private static void putUnlessEmpty(Map<String, JsonValue> m, String key, JsonValue list) {
            if (list instanceof JsonValue.JsonArray a && !a.items().isEmpty()) {
                m.put(key, list);
            }
        }

        /** False when its start is not a time: it is then placed by where it is in the file, not by when it started. */
        boolean startIsTime() {
            return start > 0 && !timeProblem.startsWith("start");
        }

        /** {@code traceId/spanId}: a span id is unique only within its trace. */
        String key() {
            return traceId + "/" + spanId;
        }

        String parentKey() {
            return traceId + "/" + parentSpanId;
        }
    }

    /**
     * One OpenTelemetry log record (an event, when it has a name: the GenAI conventions' {@code gen_ai.user.message},
     * {@code gen_ai.choice} …), joined to the span it was emitted in by its trace and span ids where it has them.
     *
     * @param time       Unix nanoseconds: when it happened, else when it was observed; 0 when neither is written
     * @param eventName  its event name ({@code eventName}, else the {@code event.name} attribute older SDKs write), ""
     *                   for a plain log line
     * @param severity   its severity text, else its severity number's name, "" when it has neither
     * @param body       its body as a plain value
     * @param attributes its attributes as plain values, in file order
     * @param source     its lines and JSON pointer ({@code /resourceLogs/0/scopeLogs/0/logRecords/3})
     * @param text       its JSON as in the file
     */
    public record Log(long order, String traceId, String spanId, long time, String eventName, String severity,
                      JsonValue body, JsonValue.JsonObject attributes, Origin origin, SourceRef source, String text)
            implements SpanFileEntry {

        public Log {
            Objects.requireNonNull(traceId);
            Objects.requireNonNull(spanId);
            Objects.requireNonNull(eventName);
            Objects.requireNonNull(body);
            Objects.requireNonNull(attributes);
            Objects.requireNonNull(origin);
            Objects.requireNonNull(source);
            Objects.requireNonNull(text);
        }

        /** {@code traceId/spanId}, as {@link Span#key()}: the span it was emitted in. */
        String spanKey() {
            return traceId + "/" + spanId;
        }

        /** The conversation it names ({@code gen_ai.conversation.id}, else {@code session.id}), "" when none. */
        public String conversation() {
            for (String key : new String[] {"gen_ai.conversation.id", "session.id"}) {
                String own = attributes.get(key).flatMap(JsonValue::asText).orElse("");
                if (!own.isBlank()) {
                    return own;
                }
            }
            return origin.resource().attributes().get("session.id").flatMap(JsonValue::asText).orElse("");
        }

        /** What the detail pane shows: its name and severity first, for the summary, then its fields. */
        JsonValue json() {
            Map<String, JsonValue> m = new LinkedHashMap<>();
            if (!eventName.isEmpty()) {
                m.put("event_name", JsonValue.of(eventName));
            }
            if (!severity.isEmpty()) {
                m.put("severity", JsonValue.of(severity));
            }
            m.put("time", JsonValue.of(SpanTime.iso(time)));
            if (!(body instanceof JsonValue.JsonNull)) {
                m.put("body", body);
            }
            if (!attributes.members().isEmpty()) {
                m.put("attributes", attributes);
            }
            if (!traceId.isEmpty()) {
                m.put("trace_id", JsonValue.of(traceId));
            }
            if (!spanId.isEmpty()) {
                m.put("span_id", JsonValue.of(spanId));
            }
            if (!origin.resource().attributes().members().isEmpty()) {
                m.put("resource", origin.resource().attributes());
            }
            if (!(origin.scope() instanceof JsonValue.JsonNull)) {
                m.put("scope", origin.scope());
            }
            return new JsonValue.JsonObject(m);
        }
    }

    /** A JSON Lines line that did not parse, with the parser's reason. */
    public record BrokenLine(long order, SourceRef source, String text, String reason) implements SpanFileEntry {
    }
}
