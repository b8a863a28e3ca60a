package dev.tracedeck.engine.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.regex.Pattern;

/**
 * Refuses the spans of an OTLP/JSON trace request whose ids the OTLP specification does not allow (a trace id of 16
 * bytes, a span id of 8, hex in JSON, not all zeros), taking them out of the request: a span without its ids can't be
 * placed in a trace, and the sender hears of it in the response's {@code partialSuccess}.
 */
final class SpanIds {

    private static final Pattern TRACE_ID = Pattern.compile("[0-9a-fA-F]{32}");
    private static final Pattern SPAN_ID = Pattern.compile("[0-9a-fA-F]{16}");

    /** What was kept and refused, and why the first refused span was. */
    record Checked(int accepted, int rejected, String reason) {
    }

    private SpanIds() {
    }

    static Checked check(ObjectNode request) {
        int accepted = 0;
        int rejected = 0;
        String reason = "";
        for (JsonNode rs : member(request, "resourceSpans", "resource_spans")) {
            for (JsonNode ss : member(rs, "scopeSpans", "scope_spans")) {
                if (!(ss.get("spans") instanceof ArrayNode spans)) {
                    continue;
                }
                for (Iterator<JsonNode> it = spans.elements(); it.hasNext(); ) {
                    JsonNode span = it.next();
                    String why = refusal(span);
                    if (why.isEmpty()) {
                        accepted++;
                    } else {
                        rejected++;
                        reason = reason.isEmpty() ? why : reason;
                        it.remove();
                    }
                }
            }
        }
        return new Checked(accepted, rejected, rejected == 0 ? "" : rejected + " span(s) refused; the first: " + reason);
    }

    private static String refusal(JsonNode span) {
        if (!span.isObject()) {
            return "a span is not a JSON object";
        }
        String trace = text(span, "traceId", "trace_id");
        String id = text(span, "spanId", "span_id");
        if (!TRACE_ID.matcher(trace).matches() || trace.chars().allMatch(c -> c == '0')) {
            return "span '" + span.path("name").asText("") + "' has no valid traceId (32 hex digits, not all zero): '" + trace + "'";
        }
        if (!SPAN_ID.matcher(id).matches() || id.chars().allMatch(c -> c == '0')) {
            return "span '" + span.path("name").asText("") + "' has no valid spanId (16 hex digits, not all zero): '" + id + "'";
        }
        return "";
    }

    private static JsonNode member(JsonNode node, String name, String protoName) {
        return node.has(name) ? node.get(name) : node.path(protoName);
    }

    private static String text(JsonNode node, String name, String protoName) {
        return member(node, name, protoName).asText("");
    }
}
