package dev.tracedeck.importers.spans;

import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.source.SourceRef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The messages of a model call that its instrumentation emitted as events (OpenTelemetry log records) rather than as
 * attributes of its span, as the GenAI semantic conventions have them:
 * <ul>
 *   <li>up to 1.36, one event per message: {@code gen_ai.system.message}, {@code gen_ai.user.message},
 *       {@code gen_ai.assistant.message} (its {@code tool_calls}: {@code [{id, type, function: {name, arguments}}]})
 *       and {@code gen_ai.tool.message} (the {@code id} of the call it answers) for the input, in the order sent, and
 *       one {@code gen_ai.choice} per choice of the output ({@code {index, finish_reason, message}}); the body holds
 *       the message, its role given by the event's name where the body has none;</li>
 *   <li>since, one {@code gen_ai.client.inference.operation.details} event whose attributes
 *       {@code gen_ai.system_instructions}, {@code gen_ai.input.messages} and {@code gen_ai.output.messages} hold them
 *       as a span's attributes do.</li>
 * </ul>
 * Each message points at its event: the record's lines, and {@code /body} or the attribute within it.
 */
final class LogMessages {

    private static final String CHOICE = "gen_ai.choice";
    private static final String DETAILS = "gen_ai.client.inference.operation.details";
    private static final Map<String, String> INPUT = Map.of("gen_ai.system.message", "system",
            "gen_ai.user.message", "user", "gen_ai.assistant.message", "assistant", "gen_ai.tool.message", "tool");

    /** A call's messages, and where each of them is. */
    record Read(SpanMessages messages, Map<AttributeMessage, SourceRef> at) {
    }

    private LogMessages() {
    }

    /** True for an event that holds messages of a model call. */
    static boolean holdsMessages(SpanFileEntry.Log log) {
        return INPUT.containsKey(log.eventName()) || log.eventName().equals(CHOICE) || log.eventName().equals(DETAILS);
    }

    /** The messages a call's events hold, the events taken in the order they happened (at one time, in file order). */
    static Read of(List<SpanFileEntry.Log> events) {
        List<SpanFileEntry.Log> ordered = new ArrayList<>(events);
        ordered.sort(Comparator.comparingLong(SpanFileEntry.Log::time).thenComparingLong(SpanFileEntry.Log::order));
        List<AttributeMessage> input = new ArrayList<>();
        List<AttributeMessage> output = new ArrayList<>();
        Map<AttributeMessage, SourceRef> at = new IdentityHashMap<>();
        for (SpanFileEntry.Log log : ordered) {
            String name = log.eventName();
            if (INPUT.containsKey(name)) {
                place(GenAiMessages.read(new Attribute(name, message(log.body()), "/body"), INPUT.get(name), false), log,
                        input, at);
            } else if (name.equals(CHOICE)) {
                JsonValue message = log.body().get("message").orElse(log.body());
                String pointer = log.body().get("message").isPresent() ? "/body/message" : "/body";
                place(GenAiMessages.read(new Attribute(name, message(message), pointer), "assistant", false), log, output, at);
            } else if (name.equals(DETAILS)) {
                attribute(log, "gen_ai.system_instructions").ifPresent(a ->
                        place(GenAiMessages.instructions(a), log, input, at));
                attribute(log, "gen_ai.input.messages").ifPresent(a ->
                        place(GenAiMessages.read(a, "user", false), log, input, at));
                attribute(log, "gen_ai.output.messages").ifPresent(a ->
                        place(GenAiMessages.read(a, "assistant", false), log, output, at));
            }
        }
        return new Read(new SpanMessages(input, output), at);
    }

    /** A body that is text is the message's content; an object is the message. */
    private static JsonValue message(JsonValue body) {
        if (body instanceof JsonValue.JsonObject) {
            return body;
        }
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("content", body);
        return new JsonValue.JsonObject(m);
    }

    private static Optional<Attribute> attribute(SpanFileEntry.Log log, String key) {
        int i = 0;
        for (Map.Entry<String, JsonValue> e : log.attributes().members().entrySet()) {
            if (e.getKey().equals(key)) {
                return Optional.of(new Attribute(key, e.getValue(), "/attributes/" + i));
            }
            i++;
        }
        return Optional.empty();
    }

    private static void place(List<AttributeMessage> found, SpanFileEntry.Log log, List<AttributeMessage> side, Map<AttributeMessage, SourceRef> at) {
        SourceRef s = log.source();
        for (AttributeMessage f : found) {
            side.add(f);
            at.put(f, new SourceRef(s.file(), s.firstLine(), s.lastLine(), s.pointer() + f.pointer()));
        }
    }
}
