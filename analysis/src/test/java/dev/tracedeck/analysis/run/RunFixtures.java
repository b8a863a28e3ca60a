package dev.tracedeck.analysis.run;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** Traces written event by event, in the shapes the importers give them, for the run tree's and transcript's tests. */
final class RunFixtures {

    final TraceBuilder builder = new TraceBuilder();
    private int index;

    Event user(String thread, String time, String text) {
        return message(thread, time, new Message("user", text, List.of(), ""));
    }

    Event assistant(String thread, String time, String text, ToolCall... calls) {
        return message(thread, time, new Message("assistant", text, List.of(calls), ""));
    }

    Event result(String thread, String time, String callId, String text) {
        return message(thread, time, new Message("user", text, List.of(), callId));
    }

    Event message(String thread, String time, Message message) {
        return builder.add("message", time, thread, SourceRef.line("run.jsonl", builder.size() + 1), "{}",
                new Payload.ConversationMessage(message, OptionalInt.of(index++), message.content().length(), false));
    }

    Event record(String thread, String time, String keyword, EventKind kind, String name, JsonValue json) {
        return builder.add(keyword, time, thread, SourceRef.line("run.jsonl", builder.size() + 1), "{}",
                new Payload.JsonRecord(name, json, kind));
    }

    Event error(String thread, String time, String text) {
        return builder.add("error", time, thread, SourceRef.line("run.jsonl", builder.size() + 1), text,
                new Payload.AgentError(text));
    }

    void billed(Event event, String model, long prompt, long output) {
        builder.recordModelCall(event, model, Optional.of(new TokenUsage(prompt, 0, 0, output)), OptionalInt.empty());
    }

    Trace trace() {
        return builder.build(new ImportReport("run.jsonl", "claude-code", 0, builder.size(), builder.size(), 0, 0, Map.of(),
                List.of(), 0, true));
    }

    static ToolCall call(String id, String name, String arguments) {
        return new ToolCall(id, name, arguments, Optional.empty(), false, false);
    }

    /** A JSON object of the given keys and values, in order; a value that is a JsonValue is put as it is. */
    static JsonValue json(Object... keysAndValues) {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            Object v = keysAndValues[i + 1];
            members.put((String) keysAndValues[i], v instanceof JsonValue j ? j
                    : v instanceof Number n ? new JsonValue.JsonNumber(new java.math.BigDecimal(n.toString())) : JsonValue.of(v.toString()));
        }
        return new JsonValue.JsonObject(members);
    }

    /** A span as the span importers write it. */
    Event span(String thread, String name, String kind, String spanId, String parentId, String start, String end, String status) {
        JsonValue json = parentId.isEmpty()
                ? json("name", name, "kind", kind, "status", status, "start", start, "end", end, "trace_id", "t1", "span_id", spanId)
                : json("name", name, "kind", kind, "status", status, "start", start, "end", end, "trace_id", "t1", "span_id", spanId,
                        "parent_span_id", parentId);
        return record(thread, start, "span", EventKind.SPAN, "span " + name, json);
    }
}
