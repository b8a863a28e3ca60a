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
     * A big chat file is millions of messages, so the fields are as few as the parts need: with the object's header
     * of 12 bytes, seven references or ints fill 40 bytes, and an eighth field (a boolean included) took 48. A held
     * content has no range in a record, so its start says whether the message is silent.
     */
    private final String role;
    /** The text ({@link String}) when it is held; the record it was left in ({@link SourceText.InFile}) otherwise. */
    private final Object content;
    /** Where the content's JSON string is in its record; for a held content, {@link #SILENT} or 0 and 0. */
    private final int contentStart;
    private final int contentEnd;
    private final List<ToolCall> toolCalls;
    private final String toolCallId;
    private final String name;

    /** {@link #contentStart} of a silent message, whose content is held. */
    private static final int SILENT = -1;

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
        this(role, Objects.requireNonNull(content, "content"), silent ? SILENT : 0, 0, toolCalls, toolCallId, name);
    }

    /** @param content a held {@link String}, or the {@link SourceText.InFile} record it is left in */
    private Message(String role, Object content, int contentStart, int contentEnd, List<ToolCall> toolCalls,
                    String toolCallId, String name) {
        this.role = Objects.requireNonNull(role, "role");
        this.content = content;
        this.contentStart = contentStart;
        this.contentEnd = contentEnd;
        this.toolCalls = List.copyOf(toolCalls);
        this.toolCallId = Objects.requireNonNull(toolCallId, "toolCallId");
        this.name = Objects.requireNonNull(name, "name");
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
        return new Message(role, record, start, end, toolCalls, toolCallId, name);
    }

    public String role() {
        return role;
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
        return content instanceof String held ? held
                : ContentInFile.read(this, (SourceText.InFile) content, contentStart, contentEnd);
    }

    /**
     * For a content left in its file, the bytes its JSON string takes there, known without reading it; empty for a
     * held content. It is no less than the content's UTF-8 length, nor than its length in UTF-16 units or in code
     * points: the file's bytes are valid UTF-8, a character written as itself takes its UTF-8 bytes (and at least one
     * byte per UTF-16 unit), and an escape is longer than the UTF-8 of what it stands for. A check that only needs to
     * know a content is short can ask this first.
     */
    public OptionalInt contentBytesInFile() {
        return content instanceof String ? OptionalInt.empty() : OptionalInt.of(contentEnd - contentStart);
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
        return name;
    }

    public boolean silent() {
        return content instanceof String && contentStart == SILENT;
    }

    /**
     * True for a tool's result: it answers a call id, or its role is {@code tool} or the legacy OpenAI
     * {@code function} (which answers the last function call by name only, with no id).
     */
    public boolean isToolResult() {
        return !toolCallId.isEmpty() || role.equals("tool") || role.equals("function");
    }

    /** The same message making {@code calls} instead of its own. */
    public Message withToolCalls(List<ToolCall> calls) {
        return new Message(role, content, contentStart, contentEnd, calls, toolCallId, name);
    }

    public static Message text(String role, String content) {
        return new Message(role, content, List.of(), "");
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Message other && silent() == other.silent() && role.equals(other.role)
                && toolCallId.equals(other.toolCallId) && name.equals(other.name) && toolCalls.equals(other.toolCalls)
                && content().equals(other.content());
    }

    @Override
    public int hashCode() {
        return Objects.hash(role, content(), toolCalls, toolCallId, name, silent());
    }

    @Override
    public String toString() {
        return "Message[role=" + role + ", content=" + content() + ", toolCalls=" + toolCalls + ", toolCallId="
                + toolCallId + ", name=" + name + ", silent=" + silent() + "]";
    }
}
