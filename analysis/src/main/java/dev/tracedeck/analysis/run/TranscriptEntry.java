package dev.tracedeck.analysis.run;

import dev.tracedeck.model.event.Event;
import java.util.Objects;
import java.util.Optional;

/**
 * One block of a {@link Transcript}: what a person reads as one thing — a user's message, the assistant's words, its
 * thinking, a tool call with the result beside it, a sub-agent's start, an error.
 *
 * @param kind      what it is
 * @param depth     how deeply it is nested: 0 in the run's agent, one more in each sub-agent
 * @param event     the event it shows (for a tool call, the message that makes the call)
 * @param callIndex for a tool call, which of the event's calls; -1 otherwise
 * @param result    for a tool call, the event of its result, when the trace holds one
 * @param title     the words that head it: the role, the tool's name, the sub-agent's name
 */
public record TranscriptEntry(Kind kind, int depth, Event event, int callIndex, Optional<Event> result, String title) {

    public enum Kind {
        USER, ASSISTANT, THINKING, TOOL, SYSTEM, SUBAGENT, ERROR
    }

    public TranscriptEntry {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(event);
        Objects.requireNonNull(result);
        Objects.requireNonNull(title);
    }
}
