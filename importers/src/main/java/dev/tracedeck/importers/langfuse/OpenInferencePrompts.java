package dev.tracedeck.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.spans.AttributeMessage;
import dev.tracedeck.model.message.Message;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The prompts of a completion call as OpenInference records them, where Langfuse's input is no message: the LlamaIndex
 * instrumentation writes an LLM span's {@code input.value} as the arguments the method was called with
 * ({@code {"args": ["What is …?"]}}), which Langfuse makes the generation's input, and the prompts themselves as
 * {@code llm.prompts}, a list of texts. Each prompt is a user message.
 */
final class OpenInferencePrompts {

    private static final String KEY = "llm.prompts";

    private OpenInferencePrompts() {
    }

    /** The prompts, where the input is only a method's arguments ({@code args}, {@code kwargs}); else none. */
    static List<AttributeMessage> of(JsonNode observation, JsonNode attributes) {
        JsonNode input = observation.path("input");
        JsonNode prompts = attributes.path(KEY);
        if (!isArguments(input) || !prompts.isArray() || prompts.isEmpty()) {
            return List.of();
        }
        boolean reachable = observation.path("metadata").isObject();
        List<AttributeMessage> messages = new ArrayList<>();
        for (int i = 0; i < prompts.size(); i++) {
            JsonNode prompt = prompts.get(i);
            if (!prompt.isTextual()) {
                return List.of();
            }
            // A pointer reaches the attribute only where the metadata is an object, not its JSON text.
            messages.add(new AttributeMessage.Msg(Message.text("user", prompt.textValue()),
                    reachable ? "/metadata/attributes/" + KEY + "/" + i : "/metadata", prompt.toString()));
        }
        return messages;
    }

    private static boolean isArguments(JsonNode input) {
        if (!input.isObject() || !input.path("args").isArray()) {
            return false;
        }
        for (Iterator<String> it = input.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!name.equals("args") && !name.equals("kwargs")) {
                return false;
            }
        }
        return true;
    }
}
