package dev.tracedeck.importers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * A record the format's reader knows by its kind (a message, an item, a part, a logged record) whose fields are not
 * what the format documents; the reason says which. Readers keep such a record as unparsed rather than lose it, so
 * the exception carries no stack trace.
 */
public final class MalformedRecordException extends Exception {
    public MalformedRecordException(String reason) {
        super(reason, null, false, false);
    }

    /** "{@code where} is a number, not {@code expected}": a member of another type than the format gives it. */
    public static MalformedRecordException wrongType(String where, JsonNode value, String expected) {
        return new MalformedRecordException(where + " is " + kind(value) + ", not " + expected);
    }

    /** "a number", "a string", "a list", "an object", "a boolean", "null", "missing": what a value is, for a reason. */
    public static String kind(JsonNode value) {
        if (value == null || value.isMissingNode()) {
            return "missing";
        }
        return switch (value.getNodeType()) {
            case ARRAY -> "a list";
            case OBJECT -> "an object";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> "a " + value.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }
}
