package dev.tracedeck.model.message;

import dev.tracedeck.model.json.JsonValue;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A tool call's arguments as parsed JSON: either given when the call was made, or parsed from the call's raw text the
 * first time someone asks. A chat file of half a million calls was a fifth slower to import with every argument
 * text parsed into a tree up front — trees the import kept, and the collector moved, for calls that no view or rule
 * would ever open (the detail pane shows one call at a time; the rules read the arguments of a few tools by name).
 * Parsing is pure, so two threads that ask at once at worst both parse, and each gets an equal value.
 */
public final class Arguments {

    private static final Arguments NONE = new Arguments("", null, Optional.empty());

    private final String raw;
    /** Null once the value is given. */
    private final Function<String, Optional<JsonValue>> parser;
    private volatile Optional<JsonValue> value;

    private Arguments(String raw, Function<String, Optional<JsonValue>> parser, Optional<JsonValue> value) {
        this.raw = raw;
        this.parser = parser;
        this.value = value;
    }

    /** Arguments known already (or known to be absent). */
    public static Arguments of(Optional<JsonValue> value) {
        return value.isEmpty() ? NONE : new Arguments("", null, value);
    }

    /**
     * Arguments parsed from {@code raw} by {@code parser} when first asked for; {@code parser} returns empty for a
     * text that is not one JSON value (a model's arguments may not be) and must always give the same value for the
     * same text.
     */
    public static Arguments parsedOnDemand(String raw, Function<String, Optional<JsonValue>> parser) {
        return new Arguments(Objects.requireNonNull(raw), Objects.requireNonNull(parser), null);
    }

    public Optional<JsonValue> value() {
        Optional<JsonValue> v = value;
        if (v == null) {
            v = Objects.requireNonNull(parser.apply(raw));
            value = v;
        }
        return v;
    }

    /** Equal when they are the same value; two that parse the same text with the same parser are, unparsed. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Arguments other)) {
            return false;
        }
        if (parser != null && parser == other.parser && raw.equals(other.raw)) {
            return true;
        }
        return value().equals(other.value());
    }

    @Override
    public int hashCode() {
        return value().hashCode();
    }

    @Override
    public String toString() {
        Optional<JsonValue> v = value;
        return v == null ? "Arguments[not parsed yet]" : "Arguments[" + v + "]";
    }
}
