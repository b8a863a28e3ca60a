package dev.tracedeck.importers.claudecode;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.anthropic.AnthropicMessages;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.chat.ProviderUsage;
import dev.tracedeck.importers.json.GrowingJsonLines;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One transcript's reading state: threads by session and sidechain, the lines that come before any names its
 * session, and assistant messages being gathered ({@link ReorderBuffer}).
 */
final class Session implements GrowingJsonLines.Resumable {

    /** The thread of lines when no line of the file names its session. */
    private static final String NO_SESSION = "session";

    private final ChatTraceWriter out;
    private final ReorderBuffer buffer;
    /** The thread of each sidechain line's uuid, so that its children follow it. */
    private final Map<String, String> sidechainThreads = new HashMap<>();
    private final Map<String, Integer> sidechains = new HashMap<>();
    private final Map<String, Integer> positions = new HashMap<>();
    /**
     * The lines read before any named its session (a transcript starts with a {@code file-history-snapshot} or
     * {@code summary} entry, which names none): they belong to the session the first such line names. Null once
     * one has; at most {@link ReorderBuffer#MAX_HELD}, past which they go to {@value #NO_SESSION}.
     */
    private List<Runnable> head = new ArrayList<>();
    private String lastThread = NO_SESSION;

    Session(ChatTraceWriter out) {
        this.out = out;
        this.buffer = new ReorderBuffer(this::write);
    }

    @Override
    public void value(JsonItem.Value value, SourceRef at) {
        JsonNode node = value.node();
        SourceRef source = new SourceRef(out.file(), value.firstLine(), value.lastLine());
        SourceText text = value.sourceText();
        // An assistant line may be joined with the next lines of its message: its text decoded while its bytes are at
        // hand, never read back from the file, which may have changed since.
        String decoded = isAssistantLine(node) ? value.text() : null;
        if (head != null) {
            String session = namedSession(node);
            if (session == null && head.size() < ReorderBuffer.MAX_HELD) {
                head.add(() -> read(node, source, text, decoded));
                return;
            }
            endHead(session == null ? NO_SESSION : session);
        }
        read(node, source, text, decoded);
    }

    private static boolean isAssistantLine(JsonNode node) {
        return node.path("type").asText("").equals("assistant") && node.path("message").path("content").isArray();
    }

    @Override
    public void malformedLine(ChatTraceWriter out, SourceRef source, String text, String reason) {
        if (head != null && head.size() < ReorderBuffer.MAX_HELD) {
            head.add(() -> malformed(source, text, reason));
            return;
        }
        endHead(NO_SESSION);
        malformed(source, text, reason);
    }

    private void malformed(SourceRef source, String text, String reason) {
        String thread = threadOfBrokenLine(source.firstLine());
        buffer.line(() -> out.malformed(thread, source, text, reason));
    }

    /** The lines held at the start are read as lines of {@code session}. */
    private void endHead(String session) {
        if (head == null) {
            return;
        }
        List<Runnable> held = head;
        head = null;
        lastThread = session;
        held.forEach(Runnable::run);
    }

    private static String namedSession(JsonNode node) {
        return text(node, "sessionId", text(node, "session_id", null));
    }

    private void read(JsonNode node, SourceRef source, SourceText text, String decoded) {
        String type = node.path("type").asText("");
        if (!node.isObject() || type.isEmpty()) {
            buffer.line(() -> out.other(source, text, "valid JSON, but not a Claude Code transcript entry"));
            return;
        }
        String thread = thread(node);
        lastThread = thread;
        String time = node.path("timestamp").asText("");
        JsonNode message = node.get("message");
        if ((type.equals("user") || type.equals("assistant")) && message != null && message.isObject()) {
            if (type.equals("assistant") && message.path("content").isArray()) {
                buffer.assistantLine(thread, text(message, "id", ""), message, source, text, decoded, time);
                return;
            }
            // Tool results may come while the message that called them is still being written; anything else
            // a thread says ends it.
            if (!onlyToolResults(message)) {
                buffer.complete(thread);
            }
            Parsed parsed = parse(message, source, text);
            buffer.line(() -> write(thread, parsed, time));
        } else {
            JsonValue json = JsonValues.from(node);
            OptionalLong compactedFrom = compaction(node);
            String trigger = node.path("compactMetadata").path("trigger").asText("");
            buffer.line(() -> {
                Event event = out.json(type, thread, source, text, json, time);
                if (compactedFrom != null) {
                    out.compaction(event, compactedFrom, trigger);
                }
            });
        }
    }

    /**
     * Where Claude Code compacted the conversation: a {@code system} entry of subtype {@code compact_boundary}, with
     * the context's size before in {@code compactMetadata.preTokens}; null for any other entry.
     */
    private static OptionalLong compaction(JsonNode node) {
        if (!node.path("subtype").asText("").equals("compact_boundary")) {
            return null;
        }
        JsonNode before = node.path("compactMetadata").path("preTokens");
        return before.canConvertToLong() && before.asLong() >= 0 ? OptionalLong.of(before.asLong()) : OptionalLong.empty();
    }

    private static boolean onlyToolResults(JsonNode message) {
        JsonNode content = message.path("content");
        if (!content.isArray() || content.isEmpty()) {
            return false;
        }
        for (JsonNode block : content) {
            if (!block.path("type").asText("").equals("tool_result")) {
                return false;
            }
        }
        return true;
    }

    /** The thread a line belongs to: its session, or one of the session's sidechains. */
    private String thread(JsonNode node) {
        String session = text(node, "sessionId", text(node, "session_id", lastSession()));
        String parentToolUse = text(node, "parent_tool_use_id", "");
        if (!parentToolUse.isEmpty()) {
            return session + "/task-" + parentToolUse;
        }
        if (!node.path("isSidechain").asBoolean(false)) {
            return session;
        }
        String agent = text(node, "agentId", "");
        String thread;
        if (!agent.isEmpty()) {
            thread = session + "/agent-" + agent;
        } else {
            thread = sidechainThreads.get(text(node, "parentUuid", ""));
            if (thread == null) {
                thread = session + "/sidechain-" + sidechains.merge(session, 1, Integer::sum);
            }
        }
        String uuid = text(node, "uuid", "");
        if (!uuid.isEmpty()) {
            sidechainThreads.put(uuid, thread);
        }
        return thread;
    }

    private String lastSession() {
        int slash = lastThread.indexOf('/');
        return slash < 0 ? lastThread : lastThread.substring(0, slash);
    }

    private static String text(JsonNode node, String field, String otherwise) {
        JsonNode v = node.get(field);
        return v != null && v.isTextual() && !v.textValue().isEmpty() ? v.textValue() : otherwise;
    }

    /** A message's events as parsed when its line was read: its parts with where each is, or why it is malformed. */
    private record Parsed(List<Part> parts, SourceRef source, SourceText text, String malformed) {
    }

    private record Part(SourceRef source, SourceText text, Message message) {
    }

    private static Parsed parse(JsonNode message, SourceRef source, SourceText text) {
        try {
            List<Part> parts = new ArrayList<>();
            for (AnthropicMessages.Part part : AnthropicMessages.parse(message)) {
                if (part.pointer().isEmpty()) {
                    parts.add(new Part(source, text, part.message()));
                } else {
                    parts.add(new Part(new SourceRef(source.file(), source.firstLine(), source.lastLine(),
                            "/message" + part.pointer()), SourceText.of(message.at(part.pointer()).toString()),
                            part.message()));
                }
            }
            return new Parsed(parts, source, text, null);
        } catch (MalformedRecordException e) {
            return new Parsed(List.of(), source, text, e.getMessage());
        }
    }

    /**
     * Writes a message at the end of its thread: its index is taken now, so indexes follow the events' order. Returns
     * its first event, or null when it is malformed.
     */
    private Event write(String thread, Parsed parsed, String time) {
        int index = positions.merge(thread, 1, Integer::sum) - 1;
        if (parsed.malformed() != null) {
            out.malformed(thread, parsed.source(), parsed.text(), parsed.malformed());
            return null;
        }
        Event first = null;
        for (Part part : parsed.parts()) {
            Event e = out.message(thread, part.source(), part.text(), part.message(), OptionalInt.of(index), time);
            first = first == null ? e : first;
        }
        return first;
    }

    /** An assistant message is one call of the model: the model it names and the usage billed are recorded with it. */
    private void write(GatheredMessage message) {
        Event answer = write(message.thread, parse(message.message, message.source(), message.text()), message.time);
        String model = message.message.path("model").asText("");
        // Claude Code writes the errors it shows in the conversation as "<synthetic>" assistant messages: no call.
        if (answer != null && !model.startsWith("<")) {
            out.modelCall(answer, model, ProviderUsage.anthropicResponse(message.message));
        }
    }

    @Override
    public String threadOfBrokenLine(int line) {
        return lastThread;
    }

    @Override
    public String lastThread() {
        return lastThread;
    }

    /**
     * What {@link #end} changes: the lines held at the start (read in a session of their own when none was named),
     * the threads' positions, and what the buffer holds and gathers.
     */
    @Override
    public Runnable checkpoint() {
        List<Runnable> headThen = head;
        String lastThreadThen = lastThread;
        Map<String, Integer> positionsThen = new HashMap<>(positions);
        // Lines held at the start are read at the end, making sidechains; none was read before them.
        Map<String, String> sidechainThreadsThen = new HashMap<>(head == null ? Map.of() : sidechainThreads);
        Map<String, Integer> sidechainsThen = new HashMap<>(head == null ? Map.of() : sidechains);
        Runnable bufferThen = buffer.checkpoint();
        return () -> {
            head = headThen;
            lastThread = lastThreadThen;
            positions.clear();
            positions.putAll(positionsThen);
            if (headThen != null) {
                sidechainThreads.clear();
                sidechainThreads.putAll(sidechainThreadsThen);
                sidechains.clear();
                sidechains.putAll(sidechainsThen);
            }
            bufferThen.run();
        };
    }

    /** The lines still held are written with the records' end. */
    @Override
    public void end(JsonRecordReader reader) {
        endHead(NO_SESSION);
        buffer.end();
    }
}
