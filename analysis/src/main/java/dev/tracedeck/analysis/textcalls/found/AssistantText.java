package dev.tracedeck.analysis.textcalls.found;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.message.Previews;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Words the agent model wrote, where a thread shows them: an assistant message, or an AI entry of a state dump
 * (each distinct entry once, at the dump that first shows it).
 *
 * @param threadId      the thread
 * @param event         the message's event, or the dump that first shows the entry
 * @param entryPosition for a state entry, its 0-based position in that dump's entries; empty for a message
 * @param messageIndex  its position in the thread's history, from 0: the entry's position in the dump, or the
 *                      message's among the thread's messages
 * @param msgIdx        the conversation message being handled when it was written (for a message, its own
 *                      msg_idx), when the log says
 * @param text          the text as the log shows it, a preview's "..." included
 * @param cut           true when the log cut the text (then only {@link #shownText()} is the model's)
 * @param ownCalls      the names of the structured calls the same message made, as the log shows them
 * @param callsFromText the names of the calls the import made structured from this text
 *                      ({@code --parse-text-calls}, see {@link dev.tracedeck.analysis.lift.TextCallLifter}); empty otherwise
 */
public record AssistantText(String threadId, Event event, OptionalInt entryPosition, int messageIndex,
                            OptionalInt msgIdx, String text, boolean cut, List<String> ownCalls,
                            List<String> callsFromText) {

    public AssistantText {
        Objects.requireNonNull(threadId);
        Objects.requireNonNull(event);
        Objects.requireNonNull(entryPosition);
        Objects.requireNonNull(msgIdx);
        Objects.requireNonNull(text);
        ownCalls = List.copyOf(ownCalls);
        callsFromText = List.copyOf(callsFromText);
    }

    public boolean isStateEntry() {
        return entryPosition.isPresent();
    }

    /** The part of {@link #text()} the model wrote: without the log's cut marker. Spans index into both. */
    public String shownText() {
        return cut && text.endsWith(Previews.ELLIPSIS) ? Previews.shownPart(text, true) : text;
    }

    /** "state entry 12 (idx=13)"-style words for messages: where a reader finds it. */
    public String where() {
        return isStateEntry() ? "state entry at position " + entryPosition.getAsInt() : "message " + messageIndex;
    }
}
