package dev.tracedeck.importers.spans;

import java.util.Objects;

/**
 * What a tool's span says of the call it ran: the call's id where the framework writes one, the tool's name, and
 * what the tool returned (its output as text, "" when the span records none), or that it failed. Where the history
 * the model calls record holds no result for the call, this is its result ({@link ToolRunResults}).
 *
 * @param callId "" when the span names no call
 * @param failed true when the run ended in an error: {@code result} is then the error
 */
public record ToolRun(String callId, String name, String result, boolean failed) {

    public ToolRun {
        Objects.requireNonNull(callId);
        Objects.requireNonNull(name);
        Objects.requireNonNull(result);
    }
}
