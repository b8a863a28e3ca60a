package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.model.json.JsonValue;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/** What a thread's recorded tool definitions say of their arguments, in the shapes the APIs send them. */
final class ToolSchemas {

    private ToolSchemas() {
    }

    /**
     * The tools whose schema is recorded and requires no argument: a call of one with empty arguments is a call as
     * made, not one whose arguments the trace left out. Chat Completions' {@code {function: {name, parameters}}},
     * Anthropic's {@code {name, input_schema}}, and a plain {@code {name, parameters}} are read.
     */
    static Set<String> withoutRequiredArguments(Optional<JsonValue> tools) {
        Set<String> names = new HashSet<>();
        if (tools.isEmpty() || !(tools.get() instanceof JsonValue.JsonArray list)) {
            return names;
        }
        for (JsonValue tool : list.items()) {
            JsonValue function = tool.get("function").orElse(tool);
            Optional<String> name = function.get("name").flatMap(JsonValue::asText);
            Optional<JsonValue> schema = function.get("parameters").or(() -> function.get("input_schema"));
            if (name.isEmpty() || schema.isEmpty() || !(schema.get() instanceof JsonValue.JsonObject object)
                    || object.members().isEmpty()) {
                continue;
            }
            boolean required = object.members().get("required") instanceof JsonValue.JsonArray r && !r.items().isEmpty();
            if (!required) {
                names.add(name.get());
            }
        }
        return names;
    }
}
