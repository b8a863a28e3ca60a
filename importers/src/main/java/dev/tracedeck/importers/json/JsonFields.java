package dev.tracedeck.importers.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.tracedeck.importers.MalformedRecordException;

/**
 * A record's members read by the type the format gives them. A member that is absent or null reads as nothing (the
 * formats leave most members out when they have none); a member of another type makes the record malformed, with one
 * line saying which member, what it is and what it should be ({@code tool_calls[0].id is a number, not a string}),
 * so that a record whose fields are wrong is reported where it is, never read as something else, turned into a record
 * of no known kind, or lost.
 */
public final class JsonFields {

    private JsonFields() {
    }

    /** "a number", "a string", "a list", "an object", "a boolean", "null", "missing": what a value is, for a reason. */
    public static String kind(JsonNode value) {
        return MalformedRecordException.kind(value);
    }

    /** "{@code where} is a number, not {@code expected}". */
    public static MalformedRecordException wrongType(String where, JsonNode value, String expected) {
        return MalformedRecordException.wrongType(where, value, expected);
    }

    /** True when the value is absent or null: a member the record leaves out. */
    public static boolean isAbsent(JsonNode value) {
        return value == null || value.isNull() || value.isMissingNode();
    }

    /** The string member {@code name} of {@code object}: "" when absent or null. */
    public static String text(JsonNode object, String name) throws MalformedRecordException {
        return text(object, name, name);
    }

    /** As {@link #text(JsonNode, String)}, naming the member {@code where} in the reason ({@code tool_calls[0].id}). */
    public static String text(JsonNode object, String name, String where) throws MalformedRecordException {
        JsonNode value = object.get(name);
        if (isAbsent(value)) {
            return "";
        }
        if (!value.isTextual()) {
            throw wrongType(where, value, "a string");
        }
        return value.textValue();
    }

    /** A string or a number (an id some writers give as a number) as its text: "" when absent or null. */
    public static String textOrNumber(JsonNode object, String name, String where) throws MalformedRecordException {
        JsonNode value = object.get(name);
        if (isAbsent(value)) {
            return "";
        }
        if (!value.isTextual() && !value.isNumber()) {
            throw wrongType(where, value, "a string");
        }
        return value.asText();
    }

    /** The list member {@code name} of {@code object}: an empty node when absent or null, to iterate as none. */
    public static JsonNode list(JsonNode object, String name) throws MalformedRecordException {
        return list(object, name, name);
    }

    /** As {@link #list(JsonNode, String)}, naming the member {@code where} in the reason. */
    public static JsonNode list(JsonNode object, String name, String where) throws MalformedRecordException {
        JsonNode value = object.get(name);
        if (isAbsent(value)) {
            return MissingNode.getInstance();
        }
        if (!value.isArray()) {
            throw wrongType(where, value, "a list");
        }
        return value;
    }

    /** The object member {@code name} of {@code object}: a missing node when absent or null. */
    public static JsonNode object(JsonNode object, String name) throws MalformedRecordException {
        return object(object, name, name);
    }

    /** As {@link #object(JsonNode, String)}, naming the member {@code where} in the reason. */
    public static JsonNode object(JsonNode object, String name, String where) throws MalformedRecordException {
        JsonNode value = object.get(name);
        if (isAbsent(value)) {
            return MissingNode.getInstance();
        }
        if (!value.isObject()) {
            throw wrongType(where, value, "an object");
        }
        return value;
    }

    /** The whole-number member {@code name} of {@code object}: {@code absent} when absent or null. */
    public static int integer(JsonNode object, String name, String where, int absent) throws MalformedRecordException {
        JsonNode value = object.get(name);
        if (isAbsent(value)) {
            return absent;
        }
        if (!value.canConvertToInt() || !value.isIntegralNumber()) {
            throw wrongType(where, value, "a whole number");
        }
        return value.intValue();
    }

    /** {@code value} itself when it is an object (a list's element that must be one), else why not. */
    public static JsonNode isObject(JsonNode value, String where) throws MalformedRecordException {
        if (value == null || !value.isObject()) {
            throw wrongType(where, value, "an object");
        }
        return value;
    }
}
