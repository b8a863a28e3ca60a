package dev.tracedeck.model.message;

import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.source.SourceText;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A chat message as an agent framework holds it: its role, its content (held, or left in its file and read when
 * asked for: {@link #withContentInFile}), the tool calls it makes, the call it answers, a participant's name, and
 * whether it says nothing. Two messages are equal when all of these are; a content left in the file is read to
 * compare it.
 */
public final class Message {

    /*
     * A big chat file is millions of messages, so the fields are as few as the parts need: with the object's header of
     * 12 bytes, five references or ints fill 32 bytes, where the nine parts as fields of their own (role, name, content,
     * the record it was left in, its start and end, calls, call id, silent) took 48. So the role and name are one
     * shared object, the content is the text or the record it was left in, and the range is one int: a content's JSON
     * string starts near the beginning of its record and is seldom a MiB long, and a range that does not fit is kept
     * with its record in an object of its own. A held content has no range, so the range says whether the message is
     * silent.
     */
    private final Speaker speaker;
    /**
     * The text ({@link String}) when it is held; the record it was left in ({@link SourceText.InFile}) with its range
     * in {@link #range}, or a {@link WideRange}.
     */
    private final Object content;
    /** For a content left in a record: its start and length, packed; for a held content, {@link #SILENT} or 0. */
    private final int range;
    private final List<ToolCall> toolCalls;
    private final String toolCallId;

    /** {@link #range} of a silent message, whose content is held. */
    private static final int SILENT = -1;
    private static final int LENGTH_BITS = 20;
    private static final int MAX_PACKED_START = (1 << (31 - LENGTH_BITS)) - 1;
    private static final int MAX_PACKED_LENGTH = (1 << LENGTH_BITS) - 1;

    /** A content's range that does not fit in {@link #range}, with the record it is in. */
    private record WideRange(SourceText.InFile record, int start, int end) {
    }

    /**
     * @param role       "system", "user", "assistant", "tool", or a custom role exactly as logged ("" if none)
     * @param content    the text (parts joined by newlines); may be a preview the log cut, see the event
     * @param toolCalls  tool calls the message made (assistant messages)
     * @param toolCallId the call a tool result answers ("" when not a tool result)
     * @param name       the participant's name the message carries (OpenAI's and LangChain's {@code name}, which the
     *                   model reads and the API counts), "" when none
     * @param silent     true for a model's turn that says nothing: only its reasoning, its calls, its built-in tools'
     *                   calls (the content holds placeholders for them, if anything), as an OpenAI Responses turn
     *                   without a {@code message} item; false where the format does not tell them apart
     */
    public Message(String role, String content, List<ToolCall> toolCalls, String toolCallId, String name, boolean silent) {
        this(role, Objects.requireNonNull(content, "content"), silent ? SILENT : 0, toolCalls, toolCallId, name);
    }

    /** @param content a held {@link String}, the {@link SourceText.InFile} record it is left in, or a {@link WideRange} */
    private Message(String role, Object content, int range, List<ToolCall> toolCalls, String toolCallId, String name) {
        Objects.requireNonNull(role, "role");
        this.content = content;
        this.range = range;
        this.toolCalls = List.copyOf(toolCalls);
        this.toolCallId = Objects.requireNonNull(toolCallId, "toolCallId");
        this.speaker = Speaker.of(role, Objects.requireNonNull(name, "name"));
    }

    /** The same parts, checked already. */
    private Message(Speaker speaker, Object content, int range, List<ToolCall> toolCalls, String toolCallId) {
        this.speaker = speaker;
        this.content = content;
        this.range = range;
        this.toolCalls = toolCalls;
        this.toolCallId = toolCallId;
    }

    /** A message as most formats show one: no participant name, and whether it says anything not told apart. */
    public Message(String role, String content, List<ToolCall> toolCalls, String toolCallId) {
        this(role, content, toolCalls, toolCallId, "", false);
    }

    /** A message with the participant's name it carries. */
    public Message(String role, String content, List<ToolCall> toolCalls, String toolCallId, String name) {
        this(role, content, toolCalls, toolCallId, name, false);
    }

    /** A model's turn that may say nothing (see {@link #silent()}). */
    public Message(String role, String content, List<ToolCall> toolCalls, String toolCallId, boolean silent) {
        this(role, content, toolCalls, toolCallId, "", silent);
    }

    /**
     * A message whose content is left in its file, read back each time {@link #content()} is asked for: the JSON
     * string whose characters (between its quotes) are bytes {@code [start, end)} of the message's record. The
     * contents of a big JSON Lines file are most of its bytes, and a batch command or a view reads few of them, each
     * once: holding them all took more memory than the file's size.
     *
     * @param record the message's record in the file, as its event keeps it; its bytes must be valid UTF-8 and the
     *               string's escapes those JSON has, as an importer checked when it read them
     */
    public static Message withContentInFile(String role, SourceText.InFile record, int start, int end,
                                            List<ToolCall> toolCalls, String toolCallId, String name) {
        Objects.requireNonNull(record, "record");
        if (start < 0 || end < start || end > record.length()) {
            throw new IllegalArgumentException("bad content range " + start + ".." + end + " of " + record.length());
        }
        boolean packs = start <= MAX_PACKED_START && end - start <= MAX_PACKED_LENGTH;
        return packs ? new Message(role, record, start << LENGTH_BITS | (end - start), toolCalls, toolCallId, name)
                : new Message(role, new WideRange(record, start, end), 0, toolCalls, toolCallId, name);
    }

    public String role() {
        return speaker.role;
    }

    /**
     * The text (parts joined by newlines); may be a preview the log cut, see the event. A content left in the file
     * is read now: fine for the messages a view shows or a rule reads, one pass at a time; when the file no longer
     * holds it, the sentence saying so ({@link SourceChangedException#placeholder()}), for display only —
     * {@link #exactContent()} is for whatever hashes or stores it.
     */
    public String content() {
        if (content instanceof String held) {
            return held;
        }
        try {
            return exactContent();
        } catch (SourceChangedException e) {
            return e.placeholder();
        }
    }

    /**
     * The content exactly as imported.
     *
     * @throws SourceChangedException when it was left in the file and the file no longer holds it
     */
    public String exactContent() throws SourceChangedException {
        if (content instanceof String held) {
            return held;
        }
        if (content instanceof WideRange wide) {
            return ContentInFile.read(this, wide.record(), wide.start(), wide.end());
        }
        int start = range >>> LENGTH_BITS;
        return ContentInFile.read(this, (SourceText.InFile) content, start, start + (range & MAX_PACKED_LENGTH));
    }

    /**
     * For a content left in its file, the bytes its JSON string takes there, known without reading it; empty for a
     * held content. It is no less than the content's UTF-8 length, nor than its length in UTF-16 units or in code
     * points: the file's bytes are valid UTF-8, a character written as itself takes its UTF-8 bytes (and at least one
     * byte per UTF-16 unit), and an escape is longer than the UTF-8 of what it stands for. A check that only needs to
     * know a content is short can ask this first.
     */
    public OptionalInt contentBytesInFile() {
        if (content instanceof String) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(content instanceof WideRange wide ? wide.end() - wide.start() : range & MAX_PACKED_LENGTH);
    }

    /** True when the content is in memory: {@link #content()} costs nothing. */
    public boolean contentHeld() {
        return content instanceof String;
    }

    public List<ToolCall> toolCalls() {
        return toolCalls;
    }

    public String toolCallId() {
        return toolCallId;
    }

    public String name() {
        return speaker.name;
    }

    public boolean silent() {
        return content instanceof String && range == SILENT;
    }

    /**
     * True for a tool's result: it answers a call id, or its role is {@code tool} or the legacy OpenAI
     * {@code function} (which answers the last function call by name only, with no id).
     */
    public boolean isToolResult() {
        return !toolCallId.isEmpty() || speaker.role.equals("tool") || speaker.role.equals("function");
    }

    /** The same message making {@code calls} instead of its own. */
    public Message withToolCalls(List<ToolCall> calls) {
        return new Message(speaker, content, range, List.copyOf(calls), toolCallId);
    }

    public static Message text(String role, String content) {
        return new Message(role, content, List.of(), "");
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Message other && silent() == other.silent() && role().equals(other.role())
                && toolCallId.equals(other.toolCallId) && name().equals(other.name()) && toolCalls.equals(other.toolCalls)
                && content().equals(other.content());
    }

    @Override
    public int hashCode() {
        return Objects.hash(role(), content(), toolCalls, toolCallId, name(), silent());
    }

    @Override
    public String toString() {
        return "Message[role=" + role() + ", content=" + content() + ", toolCalls=" + toolCalls + ", toolCallId="
                + toolCallId + ", name=" + name() + ", silent=" + silent() + "]";
    }
}
