package dev.tracedeck.model.textcalls;

import java.util.Objects;
import java.util.Set;

/**
 * What a recogniser looks at: the message's text and the names of the tools the trace knows, if any.
 *
 * @param text       the assistant message's text
 * @param knownTools tool names the trace declares or calls; empty when the trace says nothing about its tools,
 *                   in which case names neither raise nor lower confidence
 * @param cutByLog   true when {@code text} is only the start of the message: a log kept a preview and cut the
 *                   rest (the preview's own marker, such as "...", already removed)
 */
public record ParseContext(String text, Set<String> knownTools, boolean cutByLog) {

    public ParseContext {
        Objects.requireNonNull(text, "text");
        knownTools = Set.copyOf(knownTools);
    }

    public ParseContext(String text, Set<String> knownTools) {
        this(text, knownTools, false);
    }

    /** True when a call ending at {@code end} runs into the log's cut: what it lacks, the log dropped. */
    boolean reachesCut(int end) {
        return cutByLog && text.substring(end).isBlank();
    }
}
