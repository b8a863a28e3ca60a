package dev.tracedeck.analysis.textcalls;

import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON object read as a call: which member names the tool, which holds the arguments, and how well the
 * arguments could be read. Formats disagree on the keys ({@code name}/{@code arguments} for Hermes and Mistral,
 * {@code parameters} for Llama 3, {@code function}/{@code params} in the TOOL_CALL_START prompt), so all of them are tried.
 *
 * @param nameKey the member the name came from ({@code name}, {@code function}, {@code function.name}, …)
 * @param argsKey the member the arguments came from; empty when the object has none
 */
record CallShape(String name, String nameKey, Optional<String> argsKey, Optional<JsonValue> arguments,
                 String rawArguments, ArgumentsStatus status, List<String> unrecovered, List<String> repairs) {

    private static final List<String> NAME_KEYS = List.of("name", "function", "tool_name", "tool", "function_name");
    private static final List<String> ARGS_KEYS = List.of("arguments", "parameters", "params", "args", "input");

    CallShape {
        unrecovered = List.copyOf(unrecovered);
        repairs = List.copyOf(repairs);
    }

    boolean hasArgumentsKey() {
        return argsKey.isPresent();
    }

    /** The call the object describes, when one of its name keys holds a string (or a nested call object). */
    static Optional<CallShape> of(JsonValue value, JsonRead read, String text) {
        if (!(value instanceof JsonValue.JsonObject object)) {
            return Optional.empty();
        }
        if (object.get("function").orElse(null) instanceof JsonValue.JsonObject nested
                && nested.get("name").flatMap(JsonValue::asText).isPresent()) {
            // OpenAI's {"type": "function", "function": {"name": …, "arguments": "…"}}
            return Optional.of(shape(nested, "function.name", read, text));
        }
        for (String key : NAME_KEYS) {
            if (object.get(key).orElse(null) instanceof JsonValue.JsonString) {
                return Optional.of(shape(object, key, read, text));
            }
        }
        return Optional.empty();
    }

    private static CallShape shape(JsonValue.JsonObject holder, String nameKey, JsonRead read, String text) {
        String leaf = nameKey.endsWith(".name") ? "name" : nameKey;
        String name = holder.get(leaf).flatMap(JsonValue::asText).orElseThrow().strip();
        for (String key : ARGS_KEYS) {
            Optional<JsonValue> args = holder.get(key);
            if (args.isPresent()) {
                return withArguments(name, nameKey, key, args.get(), read, text);
            }
        }
        // No arguments member: when the reading stopped early it may have been cut before them.
        List<String> lost = read.complete() ? List.of() : read.losses();
        ArgumentsStatus status = read.complete() ? ArgumentsStatus.COMPLETE : ArgumentsStatus.UNPARSED;
        Optional<JsonValue> none = read.complete() ? Optional.of(new JsonValue.JsonObject(Map.of())) : Optional.empty();
        return new CallShape(name, nameKey, Optional.empty(), none, "", status, lost, read.repairs());
    }

    private static CallShape withArguments(String name, String nameKey, String key, JsonValue args, JsonRead read,
                                           String text) {
        String raw = read.sourceOf(text, args).orElse(args.toCompactString());
        boolean closed = read.spanOf(args).map(s -> s[1] >= 0).orElse(true);
        // A string is only ever kept whole; a container the text never closed lost its tail.
        List<String> repairs = new ArrayList<>(read.repairs());
        if (args instanceof JsonValue.JsonString encoded && looksLikeJson(encoded.value())) {
            // Granite and some Hermes fine-tunes write the arguments as a JSON string holding JSON.
            JsonRead inner = LenientJson.read(encoded.value());
            if (inner.value().isPresent()) {
                repairs.add("decoded arguments written as a JSON string");
                repairs.addAll(inner.repairs());
                return new CallShape(name, nameKey, Optional.of(key), inner.value(), raw,
                        atLeastRepaired(inner.status()), inner.losses(), repairs);
            }
        }
        if (closed) {
            ArgumentsStatus status = read.repairs().isEmpty() ? ArgumentsStatus.COMPLETE : ArgumentsStatus.REPAIRED;
            return new CallShape(name, nameKey, Optional.of(key), Optional.of(args), raw, status, List.of(), repairs);
        }
        return new CallShape(name, nameKey, Optional.of(key), Optional.of(args), raw, read.status(), read.losses(),
                repairs);
    }

    private static ArgumentsStatus atLeastRepaired(ArgumentsStatus status) {
        return status == ArgumentsStatus.COMPLETE ? ArgumentsStatus.REPAIRED : status;
    }

    private static boolean looksLikeJson(String s) {
        String t = s.strip();
        return t.startsWith("{") || t.startsWith("[");
    }
}
