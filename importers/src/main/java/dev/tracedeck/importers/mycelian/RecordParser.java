package dev.tracedeck.importers.mycelian;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.Previews;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.text.PythonText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Turns the body of a record into a payload, following the benchmarker's format strings (see DESIGN.md,
 * "Real formats"). State lines are handled by {@link StateLineParser}.
 */
final class RecordParser {

    /** A parsed record: the thread it names ("" when it names none) and what it says. */
    record Parsed(String threadId, Payload payload) {
    }

    private RecordParser() {
    }

    static Parsed parse(RecordText record) throws MalformedRecordException {
        String body = record.body();
        return switch (record.keyword()) {
            case Keywords.MSG -> body.startsWith("thread_id=") ? agentMessage(body) : runnerMarker(Keywords.MSG, body);
            case Keywords.SYS -> control(body);
            case Keywords.LLM_CALL -> llmCall(body);
            case Keywords.RESULT -> result(body);
            case Keywords.AINVOKE_ERROR -> new Parsed("", new Payload.AgentError(body));
            case Keywords.TOOL_PLAN -> toolPlan(body);
            case Keywords.TOOL_CALL -> toolCall(body);
            case Keywords.JSON_EVENT -> jsonEvent(body);
            default -> runnerMarker(record.keyword(), body);
        };
    }

    private static Parsed agentMessage(String body) throws MalformedRecordException {
        FieldCursor f = new FieldCursor(body);
        String thread = f.spaced("thread_id", "msg_idx");
        int msgIdx = f.intToken("msg_idx");
        String role = f.token("role");
        int chars = f.intToken("chars");
        String preview = f.rest("preview");
        boolean cut = chars > PythonText.length(preview) && Previews.looksCut(preview, Previews.MESSAGE_PREVIEW_LIMIT);
        return new Parsed(thread, new Payload.ConversationMessage(Message.text(role, preview), OptionalInt.of(msgIdx), chars, cut));
    }

    private static Parsed control(String body) throws MalformedRecordException {
        FieldCursor f = new FieldCursor(body);
        String thread = f.spaced("thread_id", "content");
        return new Parsed(thread, new Payload.ControlMessage(f.rest("content")));
    }

    private static Parsed llmCall(String body) throws MalformedRecordException {
        FieldCursor f = new FieldCursor(body);
        if (f.at("curated_messages")) {
            return new Parsed("", new Payload.LlmCall(OptionalInt.of(f.intToken("curated_messages")), OptionalInt.empty()));
        }
        if (f.at("tool_calls")) {
            return new Parsed("", new Payload.LlmCall(OptionalInt.empty(), OptionalInt.of(f.intToken("tool_calls"))));
        }
        throw new MalformedRecordException("expected curated_messages= or tool_calls=");
    }

    private static Parsed result(String body) throws MalformedRecordException {
        FieldCursor f = new FieldCursor(body);
        String thread = f.spaced("thread_id", "messages");
        return new Parsed(thread, new Payload.AgentResult(f.rest("messages")));
    }

    private static Parsed toolPlan(String body) throws MalformedRecordException {
        FieldCursor f = new FieldCursor(body);
        String tool = f.token("tool");
        ToolCall call = toolCall(tool, f.rest("args"));
        return new Parsed("", new Payload.ToolInvocation(call, true, "", OptionalInt.empty()));
    }

    private static Parsed toolCall(String body) throws MalformedRecordException {
        FieldCursor f = new FieldCursor(body);
        String tool = f.token("tool");
        String thread = f.spaced("thread_id", "role");
        String role = absentIfNone(f.token("role"));
        String msgIdx = absentIfNone(f.token("msg_idx"));
        ToolCall call = toolCall(tool, f.rest("args"));
        OptionalInt idx = msgIdx.isEmpty() ? OptionalInt.empty() : OptionalInt.of(FieldCursor.parseInt("msg_idx", msgIdx));
        return new Parsed(thread, new Payload.ToolInvocation(call, false, role, idx));
    }

    /**
     * Args cut by the log at 1,500 characters are kept raw and flagged; whole args become JSON when they parse.
     * Some LangGraph versions log the whole tool-call envelope ({@code {"name", "args", "id", "type"}}); then
     * the arguments are the envelope's {@code args} and the call keeps its id.
     */
    static ToolCall toolCall(String tool, String args) {
        boolean truncated = Previews.looksCut(args, Previews.ARGS_LIMIT);
        if (!truncated && !mayBeEnvelope(args)) {
            // Parsed when first asked for: reading a log never looks at them (the rules read a few tools'), and parsing
            // every call's took a fifth of the importing thread.
            return ToolCall.parsingOnDemand("", tool, args, JsonValues::tryParse);
        }
        Optional<JsonValue> parsed = truncated ? Optional.empty() : JsonValues.tryParse(args);
        Optional<JsonValue> inner = parsed.filter(RecordParser::isEnvelope).flatMap(e -> e.get("args"));
        if (inner.isPresent()) {
            String id = parsed.flatMap(e -> e.get("id")).flatMap(JsonValue::asText).orElse("");
            return new ToolCall(id, tool, args, inner, false);
        }
        return new ToolCall("", tool, args, parsed, truncated);
    }

    /**
     * Whether {@code args} could hold a member named {@code args}, as an envelope does: its name written out, or
     * spelled with a Unicode escape (backslash, u: no other escape stands for a letter).
     */
    private static boolean mayBeEnvelope(String args) {
        return args.contains("\"args\"") || args.contains("\\u");
    }

    private static boolean isEnvelope(JsonValue json) {
        return json.get("args").filter(JsonValue.JsonObject.class::isInstance).isPresent()
                && json.get("name").isPresent()
                && (json.get("type").flatMap(JsonValue::asText).filter("tool_call"::equals).isPresent() || json.get("id").isPresent());
    }

    private static Parsed jsonEvent(String body) throws MalformedRecordException {
        try {
            JsonValue json = JsonValues.parse(body);
            String name = json.get("event").flatMap(JsonValue::asText).orElse("");
            return new Parsed("", new Payload.JsonRecord(name, json));
        } catch (JsonProcessingException e) {
            throw new MalformedRecordException("JSON line does not parse: " + JsonValues.reason(e));
        }
    }

    /**
     * Runner bookkeeping lines: {@code key=value} fields split at each {@code " key="}; the last value runs to
     * the end of the first line and any further lines (an indented JSON dump) are kept as the rest.
     */
    static Parsed runnerMarker(String keyword, String body) throws MalformedRecordException {
        int newline = body.indexOf('\n');
        String first = newline < 0 ? body : body.substring(0, newline);
        String rest = newline < 0 ? "" : body.substring(newline + 1);
        List<Payload.Field> fields = new ArrayList<>();
        String unkeyed = splitFields(first, fields);
        Payload.RunMarker marker = new Payload.RunMarker(fields, unkeyed.isEmpty() ? rest : unkeyed + (rest.isEmpty() ? "" : "\n" + rest));
        return new Parsed(markerThread(keyword, marker), marker);
    }

    private static String markerThread(String keyword, Payload.RunMarker marker) throws MalformedRecordException {
        switch (keyword) {
            case "RUN", "MEMORY_BOUND" -> require(keyword, marker, "qid");
            case "SESSION_START", "SESSION_END" -> {
                require(keyword, marker, "qid", "s", "memory_id", "thread_id");
                FieldCursor.parseInt("s", marker.field("s").orElseThrow());
                return marker.field("thread_id").orElseThrow();
            }
            case Keywords.MSG -> {
                require(keyword, marker, "qid", "s", "msg", "role", "memory_id");
                int session = FieldCursor.parseInt("s", marker.field("s").orElseThrow());
                FieldCursor.parseInt("msg", marker.field("msg").orElseThrow());
                return marker.field("memory_id").orElseThrow().trim() + ":s" + session;
            }
            default -> {
                return marker.field("thread_id").orElse("");
            }
        }
        return "";
    }

    private static void require(String keyword, Payload.RunMarker marker, String... keys) throws MalformedRecordException {
        for (String key : keys) {
            if (marker.field(key).isEmpty()) {
                throw new MalformedRecordException(keyword + " without " + key + "=");
            }
        }
    }

    /** Splits {@code a=1 b=two words c=3} into fields; returns text before the first key (usually ""). */
    private static String splitFields(String line, List<Payload.Field> out) {
        List<int[]> keys = new ArrayList<>();
        for (int i = 0; i < line.length(); i++) {
            if ((i == 0 || line.charAt(i - 1) == ' ') && isKeyStart(line.charAt(i))) {
                int eq = i;
                while (eq < line.length() && isKeyChar(line.charAt(eq))) {
                    eq++;
                }
                if (eq < line.length() && line.charAt(eq) == '=') {
                    keys.add(new int[] {i, eq});
                    i = eq;
                }
            }
        }
        for (int k = 0; k < keys.size(); k++) {
            int[] key = keys.get(k);
            int valueEnd = k + 1 < keys.size() ? keys.get(k + 1)[0] - 1 : line.length();
            out.add(new Payload.Field(line.substring(key[0], key[1]), line.substring(key[1] + 1, Math.max(key[1] + 1, valueEnd))));
        }
        return keys.isEmpty() ? line : line.substring(0, Math.max(0, keys.get(0)[0] - 1)).trim();
    }

    private static boolean isKeyStart(char c) {
        return (c >= 'a' && c <= 'z') || c == '_';
    }

    private static boolean isKeyChar(char c) {
        return isKeyStart(c) || (c >= '0' && c <= '9');
    }

    /** Python writes None for a missing value. */
    private static String absentIfNone(String value) {
        return value.equals("None") ? "" : value;
    }
}
