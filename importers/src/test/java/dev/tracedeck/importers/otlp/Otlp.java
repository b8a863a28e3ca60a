package dev.tracedeck.importers.otlp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/** Builds small OTLP/JSON exports for tests, encoded as the SDKs' JSON exporters write them. */
final class Otlp {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final ObjectNode span = F.objectNode();
    private final ArrayNode attributes = F.arrayNode();

    private Otlp(String trace, String id, String parent, String name, long startMillis) {
        span.put("traceId", trace).put("spanId", id);
        if (!parent.isEmpty()) {
            span.put("parentSpanId", parent);
        }
        span.put("name", name).put("kind", 3)
                .put("startTimeUnixNano", Long.toString(startMillis * 1_000_000L))
                .put("endTimeUnixNano", Long.toString((startMillis + 100) * 1_000_000L));
        span.set("attributes", attributes);
    }

    static Otlp span(String trace, String id, String parent, String name, long startMillis) {
        return new Otlp(trace, id, parent, name, startMillis);
    }

    Otlp attr(String key, Object value) {
        ObjectNode kv = attributes.addObject().put("key", key);
        kv.set("value", any(value));
        return this;
    }

    /** A JSON-valued attribute (gen_ai.input.messages), written as JSON text in a string. */
    Otlp json(String key, Object value) {
        try {
            return attr(key, MAPPER.writeValueAsString(value));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    Otlp error(String message) {
        span.putObject("status").put("code", 2).put("message", message);
        return this;
    }

    ObjectNode node() {
        return span;
    }

    private static ObjectNode any(Object v) {
        ObjectNode a = F.objectNode();
        if (v instanceof Boolean b) {
            a.put("boolValue", b);
        } else if (v instanceof Integer || v instanceof Long) {
            a.put("intValue", v.toString());
        } else if (v instanceof Double d) {
            a.put("doubleValue", d);
        } else if (v instanceof List<?> list) {
            ArrayNode values = a.putObject("arrayValue").putArray("values");
            list.forEach(x -> values.add(any(x)));
        } else {
            a.put("stringValue", v.toString());
        }
        return a;
    }

    /** One export request holding these spans, under a resource with these attributes. */
    static String request(Map<String, String> resource, Otlp... spans) {
        ObjectNode root = F.objectNode();
        ObjectNode rs = root.putArray("resourceSpans").addObject();
        ArrayNode resourceAttributes = rs.putObject("resource").putArray("attributes");
        resource.forEach((k, v) -> resourceAttributes.addObject().put("key", k).set("value", any(v)));
        ObjectNode ss = rs.putArray("scopeSpans").addObject();
        ss.putObject("scope").put("name", "test");
        ArrayNode list = ss.putArray("spans");
        for (Otlp s : spans) {
            list.add(s.node());
        }
        return root.toString();
    }

    static String request(Otlp... spans) {
        return request(Map.of(), spans);
    }

    /** A GenAI message with one text part. */
    static Map<String, Object> text(String role, String content) {
        return Map.of("role", role, "parts", List.of(Map.of("type", "text", "content", content)));
    }

    static Map<String, Object> call(String id, String name) {
        return Map.of("role", "assistant", "parts", List.of(Map.of("type", "tool_call", "id", id, "name", name,
                "arguments", Map.of("q", 1))));
    }

    static Map<String, Object> result(String id, String response) {
        return Map.of("role", "tool", "parts", List.of(Map.of("type", "tool_call_response", "id", id, "response", response)));
    }
}
