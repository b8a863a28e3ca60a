package dev.tracedeck.model.message;

import dev.tracedeck.model.json.JsonValue;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One call of a tool, as the log shows it.
 *
 * @param id            the call id when the format carries one ("" when it does not, as in Mycelian logs)
 * @param name          the tool's name
 * @param rawArguments  the argument text exactly as logged, never reformatted
 * @param parsedArguments the arguments parsed as JSON ({@link #arguments()}), present only when {@code rawArguments}
 *                      parses; parsed when first asked for where the importer left them to be
 * @param truncated     true when the log cut the arguments (Mycelian cuts at 1,500 characters and appends
 *                      "..."); a truncated call never has parsed arguments, since what is left is not the call
 * @param parsedFromText true when the log showed no such call: the model wrote it as text in the message, and the
 *                      text-call lifting after the import ({@code --parse-text-calls}; the analysis module's
 *                      {@code TextCallLifter}) made it a structured call so the rules and prune strategies see it.
 *                      Its raw arguments are then as the model wrote them, its parsed arguments may have been
 *                      repaired (single quotes, an unclosed bracket) and its id is made up
 */
public record ToolCall(String id, String name, String rawArguments, Arguments parsedArguments, boolean truncated,
                       boolean parsedFromText) {

    public ToolCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(rawArguments, "rawArguments");
        Objects.requireNonNull(parsedArguments, "parsedArguments");
    }

    public ToolCall(String id, String name, String rawArguments, Optional<JsonValue> arguments, boolean truncated,
                    boolean parsedFromText) {
        this(id, name, rawArguments, Arguments.of(arguments), truncated, parsedFromText);
    }

    /** A call the log shows being made. */
    public ToolCall(String id, String name, String rawArguments, Optional<JsonValue> arguments, boolean truncated) {
        this(id, name, rawArguments, arguments, truncated, false);
    }

    /**
     * A call the log shows being made, whose raw arguments are parsed by {@code parser} only when someone asks for
     * them (see {@link Arguments}).
     */
    public static ToolCall parsingOnDemand(String id, String name, String rawArguments,
                                           Function<String, Optional<JsonValue>> parser) {
        return new ToolCall(id, name, rawArguments, Arguments.parsedOnDemand(rawArguments, parser), false, false);
    }

    /** The arguments parsed as JSON, present only when {@code rawArguments} parses. */
    public Optional<JsonValue> arguments() {
        return parsedArguments.value();
    }

    /** A string-valued argument, e.g. {@code argument("content")} or {@code argument("tags", "role")}. */
    public Optional<String> argument(String... path) {
        return arguments().flatMap(a -> a.path(path)).flatMap(JsonValue::asText);
    }

    /** Arguments for reading: pretty-printed JSON when they parsed, the raw text otherwise. */
    public String displayArguments() {
        return arguments().map(JsonValue::toPrettyString).orElse(rawArguments);
    }

    /**
     * Without the parsed arguments, which equal calls share and which would have to be parsed to be hashed: equal
     * calls have equal raw arguments.
     */
    @Override
    public int hashCode() {
        return Objects.hash(id, name, rawArguments, truncated, parsedFromText);
    }
}
