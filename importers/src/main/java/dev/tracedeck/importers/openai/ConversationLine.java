package dev.tracedeck.importers.openai;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.importers.json.JsonScanner;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.json.JsonStringBytes;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32C;

/**
 * Reads a JSON Lines line that is one conversation with its messages at the top ({@code {"id": …, "messages": […],
 * "tools": […]}}, as fine-tuning files and eval exports are) straight from its bytes, to what
 * {@link Conversations#parse} makes of the line's tree: no tree is bound for the messages, and a message's content is
 * left in the file ({@link Message#withContentInFile}) where the file can be read again. Binding every message into a
 * tree and holding every content was most of a big chat file's import, in time and in memory; what a message is made
 * of — role, calls, the call it answers — is a few short strings.
 *
 * <p>It reads only what it is sure of: a message with content parts, a refusal, audio, a legacy {@code function_call},
 * a member named twice, a value of another type than the usual one, is bound as a tree and read by
 * {@link Conversations#parseMessage} as before; a line that is not such a conversation, or that {@link JsonScanner}
 * does not read, is left to the usual reading ({@link #read} gives null).
 */
final class ConversationLine {

    /** Contents up to this many bytes are held: a range of the file costs as much memory as they do. */
    static final int HELD_CONTENT_BYTES = 32;
    private static final int MAX_TOOL_NAMES = 4_096;

    private static final byte[] MESSAGES = ascii("messages");
    private static final byte[] ROLE = ascii("role");
    private static final byte[] CHOICES = ascii("choices");
    private static final byte[] CONTENT = ascii("content");
    private static final byte[] TOOL_CALLS = ascii("tool_calls");
    private static final byte[] TOOL_CALL_ID = ascii("tool_call_id");
    private static final byte[] NAME = ascii("name");
    private static final byte[] REFUSAL = ascii("refusal");
    private static final byte[] AUDIO = ascii("audio");
    private static final byte[] FUNCTION_CALL = ascii("function_call");
    private static final byte[] ID = ascii("id");
    private static final byte[] FUNCTION = ascii("function");
    private static final byte[] ARGUMENTS = ascii("arguments");

    /**
     * A file of conversations writes the same {@code tools} on every line: a member's tree is bound once per distinct
     * bytes and shared by the lines that repeat it (binding it again was a tenth of reading a line).
     */
    private static final RepeatedValues REPEATED_VALUES = new RepeatedValues();

    /** The tools a file calls are few and named on every call: each name is one string, not one per call. */
    private static final Map<String, String> TOOL_NAMES = new ConcurrentHashMap<>();

    private final JsonScanner in;
    private final byte[] bytes;
    private final long position;
    private final SourceText.Reread file;
    /** This line's call ids, so that a result's {@code tool_call_id} is its call's string, not a copy. */
    private final Map<String, String> callIds = new HashMap<>();

    private ConversationLine(byte[] bytes, long position, SourceText.Reread file) {
        this.in = new JsonScanner(bytes, 0, bytes.length);
        this.bytes = bytes;
        this.position = position;
        this.file = file;
    }

    /**
     * The line's members besides its messages and the {@link Conversations.Conversation} it is, or null when it is
     * not a line this reads.
     *
     * @param position where the line starts in the file
     * @param file     the file, to leave contents in; null to hold them
     */
    static JsonImport.LineRead read(byte[] line, long position, SourceText.Reread file) {
        try {
            return new ConversationLine(line, position, file).line();
        } catch (JsonScanner.GiveUp | IllegalArgumentException e) {
            // A value Jackson can't bind (a number beyond BigDecimal) is the usual reading's to report.
            return null;
        }
    }

    private JsonImport.LineRead line() throws JsonScanner.GiveUp {
        in.expect('{');
        ObjectNode members = JsonNodeFactory.instance.objectNode();
        List<Conversations.ParsedMessage> messages = null;
        Set<String> names = new HashSet<>();
        if (in.first('}')) {
            do {
                in.name();
                if (in.stringIs(ROLE) || in.stringIs(CHOICES)) {
                    throw giveUp(); // a message of a file of messages, or a response with answers
                }
                String name = in.stringValue();
                if (!names.add(name)) {
                    throw giveUp(); // a member named twice is reported by the usual reading
                }
                if (in.stringIs(MESSAGES)) {
                    if (in.peek() != '[') {
                        throw giveUp();
                    }
                    messages = messages();
                } else if (in.peek() == '"') {
                    in.string(); // a string binds to its text: no parser for an id
                    members.set(name, TextNode.valueOf(in.stringValue()));
                } else {
                    int from = in.position();
                    in.skipValue();
                    members.set(name, REPEATED_VALUES.tree(bytes, from, in.position()));
                }
            } while (in.more('}'));
        }
        if (messages == null || !in.atEnd()) {
            throw giveUp();
        }
        return new JsonImport.LineRead(members, Conversations.conversation(messages, members));
    }

    private List<Conversations.ParsedMessage> messages() throws JsonScanner.GiveUp {
        in.expect('[');
        List<Conversations.ParsedMessage> messages = new ArrayList<>();
        if (in.first(']')) {
            do {
                messages.add(message(Conversations.elementPointer("/messages", messages.size())));
            } while (in.more(']'));
        }
        return messages;
    }

    /** The fields of a message as read so far; {@code simple} false once it has anything this does not read. */
    private static final class Fields {
        boolean simple = true;
        String role;
        int contentStart = -1;
        int contentEnd;
        int contentCodePoints;
        boolean contentEscaped;
        List<ToolCall> calls = List.of();
        String toolCallId = "";
        String name = "";
        /** Which known members were read: one named twice is left to the tree. */
        int seen;

        boolean first(int member) {
            boolean first = (seen & member) == 0;
            seen |= member;
            return first;
        }
    }

    private static final int SEEN_ROLE = 1;
    private static final int SEEN_CONTENT = 2;
    private static final int SEEN_CALLS = 4;
    private static final int SEEN_CALL_ID = 8;
    private static final int SEEN_NAME = 16;
    private static final int SEEN_REFUSAL = 32;

    private Conversations.ParsedMessage message(String pointer) throws JsonScanner.GiveUp {
        in.peek();
        int from = in.position();
        Fields f = new Fields();
        if (in.peek() == '{') {
            fields(f);
        } else {
            f.simple = false;
            in.skipValue();
        }
        int to = in.position();
        SourceText text = text(from, to);
        if (!f.simple || f.role == null) {
            return Conversations.parseMessage(pointer, JsonRecordReader.tree(bytes, from, to), text);
        }
        String role = OpenAiMessages.knownRole(f.role);
        String name = role.equals("tool") ? "" : f.name;
        Message message;
        int length = f.contentStart < 0 ? 0 : f.contentCodePoints;
        if (f.contentStart >= 0 && file != null && f.contentEnd - f.contentStart > HELD_CONTENT_BYTES) {
            message = Message.withContentInFile(role, (SourceText.InFile) text, f.contentStart - from, f.contentEnd - from,
                    f.calls, f.toolCallId, name);
        } else {
            String content = f.contentStart < 0 ? "" : decode(f.contentStart, f.contentEnd, f.contentEscaped);
            message = new Message(role, content, f.calls, f.toolCallId, name);
        }
        return new Conversations.ParsedMessage(pointer, text, message, "", length);
    }

    /** Reads a message object to its end, taking what {@link OpenAiMessages#parse} would. */
    private void fields(Fields f) throws JsonScanner.GiveUp {
        in.expect('{');
        if (!in.first('}')) {
            return;
        }
        do {
            in.name();
            if (!f.simple) {
                in.skipValue();
            } else if (in.stringIs(ROLE)) {
                if (f.first(SEEN_ROLE) && in.peek() == '"') {
                    in.string();
                    f.role = in.stringValue();
                } else {
                    notSimple(f);
                }
            } else if (in.stringIs(CONTENT)) {
                if (!f.first(SEEN_CONTENT)) {
                    notSimple(f);
                } else if (in.peek() == '"') {
                    in.string();
                    f.contentStart = in.stringStart();
                    f.contentEnd = in.stringEnd();
                    f.contentCodePoints = in.stringCodePoints();
                    f.contentEscaped = in.stringEscaped();
                } else if (!in.nullValue()) {
                    notSimple(f); // parts, or not text at all
                }
            } else if (in.stringIs(TOOL_CALLS)) {
                if (!f.first(SEEN_CALLS)) {
                    notSimple(f);
                } else if (in.peek() == '[') {
                    f.calls = calls(f);
                } else if (!in.nullValue()) {
                    notSimple(f);
                }
            } else if (in.stringIs(TOOL_CALL_ID)) {
                byte next = in.peek();
                if (!f.first(SEEN_CALL_ID) || next == '-' || next >= '0' && next <= '9') {
                    notSimple(f); // a number is written as text
                } else if (next == '"') {
                    in.string();
                    String id = in.stringValue();
                    f.toolCallId = callIds.getOrDefault(id, id);
                } else if (!in.nullValue()) {
                    notSimple(f); // not text: the tree says what it is
                }
            } else if (in.stringIs(NAME)) {
                if (!f.first(SEEN_NAME)) {
                    notSimple(f);
                } else if (in.peek() == '"') {
                    in.string();
                    f.name = in.stringValue();
                } else if (!in.nullValue()) {
                    notSimple(f);
                }
            } else if (in.stringIs(REFUSAL)) {
                if (!f.first(SEEN_REFUSAL)) {
                    notSimple(f);
                } else if (in.peek() == '"') {
                    in.string();
                    if (in.stringEnd() > in.stringStart()) {
                        f.simple = false; // a refusal is added to the content
                    }
                } else if (!in.nullValue()) {
                    notSimple(f);
                }
            } else if (in.stringIs(AUDIO) || in.stringIs(FUNCTION_CALL)) {
                if (!in.nullValue()) {
                    notSimple(f); // an object to read, or a value of the wrong type to report
                }
            } else {
                in.skipValue();
            }
        } while (in.more('}'));
    }

    /** Gives up on the message as read so far, and reads over the value it is at. */
    private void notSimple(Fields f) throws JsonScanner.GiveUp {
        f.simple = false;
        in.skipValue();
    }

    /** A message's {@code tool_calls}: function calls with a string id, a name and string arguments, or none. */
    private List<ToolCall> calls(Fields f) throws JsonScanner.GiveUp {
        in.expect('[');
        List<ToolCall> calls = new ArrayList<>(2);
        if (in.first(']')) {
            do {
                ToolCall call = f.simple ? call() : null;
                if (call != null) {
                    calls.add(call);
                } else if (f.simple) {
                    f.simple = false;
                } else {
                    in.skipValue();
                }
            } while (in.more(']'));
        }
        return calls;
    }

    /** A call as {@code OpenAiMessages} reads one, read to its end; null when it is not that simple. */
    private ToolCall call() throws JsonScanner.GiveUp {
        if (in.peek() != '{') {
            in.skipValue();
            return null;
        }
        in.expect('{');
        String id = "";
        String name = null;
        String arguments = null;
        boolean simple = true;
        boolean seenId = false;
        boolean seenFunction = false;
        if (in.first('}')) {
            do {
                in.name();
                if (!simple) {
                    in.skipValue();
                } else if (in.stringIs(ID)) {
                    if (!seenId && in.peek() == '"') {
                        in.string();
                        id = in.stringValue();
                    } else {
                        simple = false;
                        in.skipValue();
                    }
                    seenId = true;
                } else if (in.stringIs(FUNCTION)) {
                    if (!seenFunction && in.peek() == '{') {
                        String[] function = function();
                        simple = function != null;
                        if (simple) {
                            name = function[0];
                            arguments = function[1];
                        }
                    } else {
                        simple = false;
                        in.skipValue();
                    }
                    seenFunction = true;
                } else {
                    in.skipValue();
                }
            } while (in.more('}'));
        }
        if (!simple || name == null) {
            return null;
        }
        String shared = callIds.putIfAbsent(id, id);
        String callId = shared != null ? shared : id;
        return arguments == null ? new ToolCall(callId, name, "", Optional.empty(), false)
                : JsonValues.toolCall(callId, name, arguments);
    }

    /** A call's {@code function}: its name and its arguments' text (null when none), or null when not that simple. */
    private String[] function() throws JsonScanner.GiveUp {
        in.expect('{');
        String name = null;
        String arguments = null;
        boolean simple = true;
        boolean seenName = false;
        boolean seenArguments = false;
        if (in.first('}')) {
            do {
                in.name();
                if (in.stringIs(NAME) && !seenName && in.peek() == '"') {
                    in.string();
                    name = toolName(in.stringValue());
                    seenName = true;
                } else if (in.stringIs(ARGUMENTS) && !seenArguments && (in.peek() == '"' || in.peek() == 'n')) {
                    if (!in.nullValue()) {
                        in.string();
                        arguments = in.stringValue();
                    }
                    seenArguments = true;
                } else {
                    if (in.stringIs(NAME) || in.stringIs(ARGUMENTS)) {
                        simple = false;
                    }
                    in.skipValue();
                }
            } while (in.more('}'));
        }
        return simple && name != null ? new String[] {name, arguments} : null;
    }

    private static String toolName(String name) {
        String known = TOOL_NAMES.get(name);
        if (known != null) {
            return known;
        }
        if (TOOL_NAMES.size() < MAX_TOOL_NAMES) {
            TOOL_NAMES.putIfAbsent(name, name);
        }
        return name;
    }

    /** The element's text: a range of the file where it can be read again, else held, as the usual reading keeps it. */
    private SourceText text(int from, int to) {
        if (file == null) {
            return SourceText.of(new String(bytes, from, to - from, StandardCharsets.UTF_8));
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, from, to - from);
        return new SourceText.InFile(file, position + from, to - from, (int) crc.getValue());
    }

    private String decode(int start, int end, boolean escaped) {
        return escaped ? JsonStringBytes.decode(bytes, start, end) : new String(bytes, start, end - start, StandardCharsets.UTF_8);
    }

    private static JsonScanner.GiveUp giveUp() {
        return JsonScanner.giveUp();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
