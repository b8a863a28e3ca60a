package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.BlamedEntry;
import dev.tracedeck.model.event.Event;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * One message of a chat history, reduced to what the tool-call rules need.
 *
 * @param labelSource     how to name it in a finding ({@link #label()}: "state entry 7 (line 120)", "message at line 12
 *                        (/messages/3)"), made when asked for: only findings name items
 * @param role            its role: the message's as logged, or for a state entry its role or, when that is empty,
 *                        the role its LangChain type stands for ({@code human} → {@code user}); "" when unknown
 * @param callNames       tool calls it makes, by name (AI messages)
 * @param callIds         their ids, or empty when the format has none
 * @param isToolResult    true for a tool result
 * @param resultId        the call a tool result answers, "" when the format has no ids
 * @param contentSource   its content as far as the log shows it ({@link #content()}), read when asked for: a message
 *                        may have left it in its file, and most rules never read it
 * @param contentComplete false when the log shows only a preview
 * @param contentBytes    for a content left in its file, its bytes there: no fewer than its characters, known without
 *                        reading it ({@link dev.tracedeck.model.message.Message#contentBytesInFile()}); empty otherwise
 * @param silent          true for a model's turn that says nothing (only reasoning or calls, see
 *                        {@link dev.tracedeck.model.message.Message#silent()}); false for a state entry
 * @param event           the event that first shows it (for a state entry, the first dump it appears in)
 * @param msgIdx          the conversation message being handled when it first appeared, if any
 * @param entry           for a state entry, the entry in {@code event}, so a finding can blame it; empty for a message
 * @param instructions    true for what a request sends apart from its history (a system prompt or instructions given
 *                        beside its messages, {@link dev.tracedeck.model.recorded.ThreadRecords#instructions()}): the
 *                        model reads it at the head of each request, so it comes between no two messages and takes
 *                        no turn
 */
public record HistoryItem(Supplier<String> labelSource, String role, List<String> callNames, List<String> callIds, boolean isToolResult,
                          String resultId, Supplier<String> contentSource, boolean contentComplete, OptionalInt contentBytes, boolean silent,
                          Event event, OptionalInt msgIdx, Optional<BlamedEntry> entry, boolean instructions) {

    public HistoryItem {
        Objects.requireNonNull(labelSource);
        Objects.requireNonNull(role);
        callNames = List.copyOf(callNames);
        callIds = List.copyOf(callIds);
        Objects.requireNonNull(contentSource);
        Objects.requireNonNull(contentBytes);
        Objects.requireNonNull(entry);
    }

    /** How to name it in a finding. */
    public String label() {
        return labelSource.get();
    }

    /** Its content as far as the log shows it. */
    public String content() {
        return contentSource.get();
    }

    /**
     * Whether the content is surely no longer than {@code codePoints} code points, told without reading a content
     * left in its file when its bytes there are no more; false when it has to be read to tell.
     */
    public boolean surelyWithin(int codePoints) {
        return contentBytes.isPresent() && contentBytes.getAsInt() <= codePoints;
    }

    /** What a finding about this item blames: its state entry, or nothing beyond the event. */
    public List<BlamedEntry> blamed() {
        return entry.stream().toList();
    }

    public boolean makesCalls() {
        return !callNames.isEmpty();
    }
}
