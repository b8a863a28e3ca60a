package dev.tracedeck.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.spans.AttributeMessage;
import dev.tracedeck.importers.spans.GenAiMessages;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import java.util.List;

/**
 * The instructions an observation's span attributes hold apart from its messages: {@code gen_ai.system_instructions},
 * the GenAI conventions' list of parts ({@code [{"type": "text", "content": …}]}), written as its JSON text or as the
 * list, or plain text. The Microsoft Agent Framework writes them on its agent's {@code invoke_agent}, .NET's
 * Microsoft.Extensions.AI on each {@code chat} call, whose input messages then hold no system message.
 */
final class SystemInstructions {

    private static final String KEY = "gen_ai.system_instructions";

    private SystemInstructions() {
    }

    /** The instructions as one system message; none when the attributes hold none. */
    static List<AttributeMessage> of(JsonNode observation, JsonNode attributes) {
        JsonNode written = attributes.path(KEY);
        if (!written.isTextual() && !written.isArray()) {
            return List.of();
        }
        // A pointer reaches the attribute only where the metadata is an object, not its JSON text.
        String pointer = observation.path("metadata").isObject() ? "/metadata/attributes/" + KEY : "/metadata";
        JsonValue value = JsonValues.from(written);
        if (value instanceof JsonValue.JsonString s) {
            value = JsonValues.tryParse(s.value()).filter(v -> v instanceof JsonValue.JsonArray).orElse(value);
        }
        String text = written.isTextual() ? written.textValue() : written.toString();
        String instructions;
        try {
            instructions = value instanceof JsonValue.JsonArray ? GenAiMessages.content(value)
                    : ((JsonValue.JsonString) value).value();
        } catch (MalformedRecordException e) {
            return List.of(new AttributeMessage.Problem(pointer, text, KEY + " is no list of parts: its " + e.getMessage()));
        }
        return instructions.isBlank() ? List.of()
                : List.of(new AttributeMessage.Msg(Message.text("system", instructions), pointer, text));
    }
}
