package dev.tracedeck.model.event;

import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.Objects;

/**
 * One thing that happened in a run, in source order. Immutable; two events are equal when all their parts are, as
 * record components would be.
 *
 * <p>A class rather than a record so that it holds its {@link #source()} as parts: the first line as an int, the
 * file, pointer and line span with the keyword in an object that many events share ({@link SharedParts}). A big
 * trace holds millions of events, and a {@link SourceRef} of each was an object of 32 bytes more to hold and for the
 * collector to copy; {@link #source()} makes one when asked, and {@link #firstLine()} and {@link #lastLine()} answer
 * what most callers ask of it without making one.
 */
public final class Event {

    private final int seq;
    private final String time;
    private final String threadId;
    /** The keyword, file, pointer and line span, which many events share. */
    private final SharedParts parts;
    private final int firstLine;
    private final SourceText sourceText;
    private final Payload payload;

    /**
     * @param seq      position in the trace, from 0, dense and increasing in source order
     * @param keyword  the record's keyword as logged ({@code MSG}, {@code STATE}, {@code TOOL_CALL} …), "" when none
     * @param time     the timestamp as logged, "" when the line had none
     * @param threadId the agent thread the event belongs to, "" when it belongs to the whole run. Some records
     *                 (TOOL_PLAN, LLM_CALL, AINVOKE_ERROR) carry no thread; they get the thread of the agent
     *                 message being handled when they were logged
     * @param source   the file and the physical lines the record spans
     * @param sourceText the record's text as read, newlines kept; for state dumps only the header line, since the
     *                 entries live in the snapshot. Held in memory, or read again from the file on demand: see
     *                 {@link #text()}
     * @param payload  what the record says
     */
    public Event(int seq, String keyword, String time, String threadId, SourceRef source, SourceText sourceText,
                 Payload payload) {
        if (seq < 0) {
            throw new IllegalArgumentException("seq " + seq);
        }
        this.seq = seq;
        Objects.requireNonNull(keyword, "keyword");
        this.time = Objects.requireNonNull(time, "time");
        this.threadId = Objects.requireNonNull(threadId, "threadId");
        Objects.requireNonNull(source, "source");
        this.parts = SharedParts.of(keyword, source.file(), source.pointer(), source.lastLine() - source.firstLine());
        this.firstLine = source.firstLine();
        this.sourceText = Objects.requireNonNull(sourceText, "sourceText");
        this.payload = Objects.requireNonNull(payload, "payload");
    }

    /** An event whose text is held in memory. */
    public Event(int seq, String keyword, String time, String threadId, SourceRef source, String text, Payload payload) {
        this(seq, keyword, time, threadId, source, SourceText.of(text), payload);
    }

    /** Position in the trace, from 0, dense and increasing in source order. */
    public int seq() {
        return seq;
    }

    /** The record's keyword as logged ({@code MSG}, {@code STATE}, {@code TOOL_CALL} …), "" when none. */
    public String keyword() {
        return parts.keyword;
    }

    /** The timestamp as logged, "" when the line had none. */
    public String time() {
        return time;
    }

    /** The agent thread the event belongs to, "" when it belongs to the whole run. */
    public String threadId() {
        return threadId;
    }

    /** The file and the physical lines the record spans; made when asked (see {@link #firstLine()}). */
    public SourceRef source() {
        return new SourceRef(parts.file, firstLine, lastLine(), parts.pointer);
    }

    /** {@code source().firstLine()} without making the {@link SourceRef}: the record's first physical line. */
    public int firstLine() {
        return firstLine;
    }

    /** {@code source().lastLine()} without making the {@link SourceRef}: the record's last physical line. */
    public int lastLine() {
        return firstLine + parts.lineSpan;
    }

    /** The record's text as read: held in memory, or a range of the file read again on demand. */
    public SourceText sourceText() {
        return sourceText;
    }

    /** What the record says. */
    public Payload payload() {
        return payload;
    }

    /**
     * The record's text as read, to show. When it is not held ({@code sourceText().isHeld()} false) this reads the
     * file: fine for one event shown or quoted, not for a pass over every event — those read the payload, which is in
     * memory. A file that no longer holds the record gives a bracketed sentence saying so, for display only.
     */
    public String text() {
        return sourceText.text();
    }

    /**
     * The record's text exactly as read, for whatever hashes, stores or compares it.
     *
     * @throws SourceChangedException naming the file and the record's first line, when the file no longer holds it
     */
    public String exactText() throws SourceChangedException {
        try {
            return sourceText.exactText();
        } catch (SourceChangedException e) {
            throw e.atLine(firstLine);
        }
    }

    public EventKind kind() {
        return payload.kind();
    }

    public String summary() {
        return payload.summary();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Event other && seq == other.seq && firstLine == other.firstLine
                && parts.lineSpan == other.parts.lineSpan && parts.keyword.equals(other.parts.keyword)
                && time.equals(other.time) && threadId.equals(other.threadId) && parts.file.equals(other.parts.file)
                && parts.pointer.equals(other.parts.pointer) && sourceText.equals(other.sourceText)
                && payload.equals(other.payload);
    }

    @Override
    public int hashCode() {
        return Objects.hash(seq, parts.keyword, time, threadId, source(), sourceText, payload);
    }

    @Override
    public String toString() {
        return "Event[seq=" + seq + ", keyword=" + parts.keyword + ", time=" + time + ", threadId=" + threadId + ", source="
                + source() + ", sourceText=" + sourceText + ", payload=" + payload + "]";
    }
}
