package dev.tracedeck.model.message;

import dev.tracedeck.model.json.JsonValue;
import java.util.Objects;
import java.util.Optional;

/**
 * One call of a tool, as the log shows it.
 *
 * @param id            the call id when the format carries one ("" when it does not, as in Mycelian logs)
 * @param name          the tool's name
 * @param rawArguments  the argument text exactly as logged, never reformatted
 * @param arguments     the arguments parsed as JSON, present only when {@code rawArguments} parses
 * @param truncated     true when the log cut the arguments (Mycelian cuts at 1,500 characters and appends
 *                      "..."); a truncated call never has parsed arguments, since what is left is not the call
 */
public record ToolCall(String id, String name, String rawArguments, Optional<JsonValue> arguments, boolean truncated) {

    public ToolCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(rawArguments, "rawArguments");
        Objects.requireNonNull(arguments, "arguments");
    }

    /** A string-valued argument, e.g. {@code argument("content")} or {@code argument("tags", "role")}. */
    public Optional<String> argument(String... path) {
        return arguments.flatMap(a -> a.path(path)).flatMap(JsonValue::asText);
    }

    /** Arguments for reading: pretty-printed JSON when they parsed, the raw text otherwise. */
    public String displayArguments() {
        return arguments.map(JsonValue::toPrettyString).orElse(rawArguments);
    }
}
