package dev.tracedeck.importers.langfuse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

/** Builds small Langfuse exports for tests, and shows what Tracedeck read of them. */
final class Observations {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final ArrayNode observations = MAPPER.createArrayNode();

    /** An observation; {@code at} is its start in seconds, {@code fields} pairs of a name and a value (JSON text). */
    Observations add(String id, String parent, String type, String name, double at, String... fields) {
        ObjectNode o = observations.addObject().put("id", id).put("traceId", "t1").put("type", type).put("name", name)
                .put("startTime", time(at)).put("endTime", time(at + 0.05)).put("level", "DEFAULT");
        if (parent == null) {
            o.putNull("parentObservationId");
        } else {
            o.put("parentObservationId", parent);
        }
        for (int i = 0; i < fields.length; i += 2) {
            o.set(fields[i], json(fields[i + 1]));
        }
        return this;
    }

    /** An export of the observations, in the trace {@code t1} of session {@code s1}. */
    Trace read() throws Exception {
        ObjectNode export = MAPPER.createObjectNode();
        export.putObject("trace").put("id", "t1").put("sessionId", "s1");
        export.set("observations", observations);
        return Importers.standard().read(ImportSource.of("trace.json", export.toPrettyString().getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    /** A value as Langfuse's UI copies it: the JSON text of the value. */
    static String text(String json) {
        return MAPPER.getNodeFactory().textNode(json).toString();
    }

    /** Each message as role:content, its calls ({@code calls name#id}) and the call it answers. */
    static List<String> messages(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> show(((Payload.ConversationMessage) e.payload()).message())).toList();
    }

    private static String show(Message m) {
        String calls = m.toolCalls().isEmpty() ? "" : " calls " + m.toolCalls().stream().map(c -> c.name() + "#" + c.id())
                .collect(Collectors.joining(","));
        String answers = m.isToolResult() ? " answers " + m.toolCallId() : "";
        return m.role() + ":" + m.content() + calls + answers;
    }

    static ToolCall call(Trace trace, int message) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message()).filter(m -> !m.toolCalls().isEmpty())
                .toList().get(message).toolCalls().get(0);
    }

    private static String time(double seconds) {
        return String.format(java.util.Locale.ROOT, "2025-01-01T00:00:%06.3fZ", seconds);
    }

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
