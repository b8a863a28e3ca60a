package dev.tracedeck.model.textcalls;

import java.util.Objects;
import java.util.Set;

/**
 * What a recogniser looks at: the message's text and the names of the tools the trace knows, if any.
 *
 * @param text       the assistant message's text
 * @param knownTools tool names the trace declares or calls; empty when the trace says nothing about its tools,
 *                   in which case names neither raise nor lower confidence
 */
public record ParseContext(String text, Set<String> knownTools) {

    public ParseContext {
        Objects.requireNonNull(text, "text");
        knownTools = Set.copyOf(knownTools);
    }
}
