package dev.tracedeck.analysis.textcalls;

import dev.tracedeck.model.json.JsonValue;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A tool call a model wrote as text instead of making it through the API.
 *
 * @param format       the syntax it was written in
 * @param name         the tool's name as written
 * @param arguments    the arguments as read (an object, usually; a string when the model passed one), empty when
 *                     nothing could be read; when {@link #argumentsStatus()} is {@code PARTIAL} this holds only
 *                     the members that were read whole
 * @param rawArguments the argument text exactly as it stands in the message ("" when the call has none)
 * @param argumentsStatus how much of the arguments could be read
 * @param span         where the whole call stands in the message, its wrapper included (a {@code <tool_call>}
 *                     block, a fence); for a list of calls ({@code [TOOL_CALLS][…]}, pythonic), the element only
 * @param confidence   how sure we are that the model meant this as a call, with the reasons
 * @param unrecovered  what could not be recovered, e.g. "JSON cut off after `{"city": "Par`"; empty when nothing
 *                     was lost
 */
public record TextToolCall(TextCallFormat format, String name, Optional<JsonValue> arguments, String rawArguments,
                           ArgumentsStatus argumentsStatus, TextSpan span, Confidence confidence,
                           List<String> unrecovered) {

    public TextToolCall {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(rawArguments, "rawArguments");
        Objects.requireNonNull(argumentsStatus, "argumentsStatus");
        Objects.requireNonNull(span, "span");
        Objects.requireNonNull(confidence, "confidence");
        unrecovered = List.copyOf(unrecovered);
    }

    /** The format's id, e.g. {@code hermes}; part of the command-line and JSON contract. */
    public String formatId() {
        return format.id();
    }
}
