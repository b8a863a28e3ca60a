package dev.tracedeck.importers.claudecode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An assistant message Claude Code writes over several lines with other entries between them (tool results it
 * got while the message streamed, hook progress, a sub-agent's lines) is one message, where its first line was.
 */
class ClaudeCodeGatheringTest {

    @TempDir
    Path dir;

    private int uuid;

    /** A transcript entry of session s1; {@code fields} are the entry's other members, written first. */
    private String entry(String type, String fields) {
        uuid++;
        return "{" + fields + (fields.isEmpty() ? "" : ",") + "\"isSidechain\":" + fields.contains("\"agentId\"")
                + ",\"sessionId\":\"s1\",\"type\":\"" + type + "\",\"uuid\":\"e" + uuid
                + "\",\"timestamp\":\"2025-08-21T09:14:" + (10 + uuid % 50) + ".000Z\"}\n";
    }

    private String prompt(String text, String agent) {
        return entry("user", agent + "\"message\":{\"role\":\"user\",\"content\":\"" + text + "\"}");
    }

    private String call(String messageId, String callId, String agent) {
        return entry("assistant", agent + "\"message\":{\"id\":\"" + messageId + "\",\"type\":\"message\",\"role\":\"assistant\","
                + "\"model\":\"claude-sonnet-4-20250514\",\"content\":[{\"type\":\"tool_use\",\"id\":\"" + callId
                + "\",\"name\":\"Read\",\"input\":{\"file_path\":\"/src/" + callId + ".py\"}}],\"stop_reason\":null}");
    }

    private String answer(String messageId, String text) {
        return entry("assistant", "\"message\":{\"id\":\"" + messageId + "\",\"type\":\"message\",\"role\":\"assistant\","
                + "\"content\":[{\"type\":\"text\",\"text\":\"" + text + "\"}],\"stop_reason\":\"end_turn\"}");
    }

    private String result(String callId, String agent) {
        return entry("user", agent + "\"message\":{\"role\":\"user\",\"content\":[{\"tool_use_id\":\"" + callId
                + "\",\"type\":\"tool_result\",\"content\":\"contents of " + callId + "\"}]}");
    }

    private String progress() {
        return entry("progress", "\"data\":{\"type\":\"hook_progress\",\"hookEvent\":\"PreToolUse\"}");
    }

    private Trace read(String text) throws Exception {
        Path file = dir.resolve("session.jsonl");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
    }

    private static List<String> callIds(Event e) {
        return ((Payload.ConversationMessage) e.payload()).message().toolCalls().stream().map(ToolCall::id).toList();
    }

    /** The calls the thread's tool results answer, in order. */
    private static List<String> resultIds(Trace trace, String thread) {
        return trace.events().stream().filter(e -> e.threadId().equals(thread) && e.payload() instanceof Payload.ConversationMessage m
                && m.message().isToolResult()).map(e -> ((Payload.ConversationMessage) e.payload()).message().toolCallId()).toList();
    }

    private static OptionalInt index(Event e) {
        return ((Payload.ConversationMessage) e.payload()).msgIdx();
    }

    private static List<Integer> firstLines(Trace trace) {
        return trace.events().stream().map(e -> e.source().firstLine()).toList();
    }

    @Test
    void aMessageOverThreeLinesWithAResultProgressAndASidechainBetweenIsOneMessageAtItsFirstLine() throws Exception {
        String agent = "\"agentId\":\"a3f9c21\",";
        List<String> lines = List.of(
                prompt("Why does GET /orders fail?", ""),    // 1
                call("msg_01A", "toolu_01A", ""),              // 2
                progress(),                                    // 3
                prompt("Find callers", agent),                 // 4: a sub-agent's line
                call("msg_01A", "toolu_01B", ""),              // 5
                result("toolu_01A", ""),                       // 6: Claude Code ran A while B streamed
                "{\"type\":\"progress\" \"sessionId\":\"s1\"}\n", // 7: not JSON
                progress(),                                    // 8
                call("msg_01A", "toolu_01C", ""),              // 9
                result("toolu_01B", ""),                       // 10
                result("toolu_01C", ""),                       // 11
                answer("msg_01D", "The cart is empty."));       // 12
        Trace trace = read(String.join("", lines));

        assertEquals(List.of(1, 2, 3, 4, 6, 7, 8, 10, 11, 12), firstLines(trace));
        Event message = trace.events().get(1);
        assertEquals(EventKind.TOOL_CALL, message.kind());
        assertEquals(List.of("toolu_01A", "toolu_01B", "toolu_01C"), callIds(message));
        assertEquals(9, message.source().lastLine());
        assertEquals(lines.get(1) + lines.get(4) + lines.get(8), message.text() + "\n");
        assertEquals("s1/agent-a3f9c21", trace.events().get(3).threadId());
        assertEquals(EventKind.MALFORMED, trace.events().get(5).kind());
        assertEquals("s1", trace.events().get(5).threadId());
        List<OptionalInt> indexes = new ArrayList<>();
        trace.events().stream().filter(e -> e.threadId().equals("s1") && e.payload() instanceof Payload.ConversationMessage)
                .forEach(e -> indexes.add(index(e)));
        assertEquals(List.of(0, 1, 2, 3, 4, 5).stream().map(OptionalInt::of).toList(), indexes);
        assertEquals(List.of("toolu_01A", "toolu_01B", "toolu_01C"), resultIds(trace, "s1"), "each call answered after it");
    }

    @Test
    void twoThreadsGatherTheirMessagesAtOnce() throws Exception {
        String agent = "\"agentId\":\"a3f9c21\",";
        Trace trace = read(prompt("go", "")                   // 1
                + call("msg_01M", "toolu_01M1", "")           // 2
                + prompt("Find callers", agent)               // 3
                + call("msg_01S", "toolu_01S1", agent)        // 4
                + call("msg_01M", "toolu_01M2", "")           // 5
                + call("msg_01S", "toolu_01S2", agent)        // 6
                + result("toolu_01S1", agent)                 // 7
                + result("toolu_01S2", agent)                 // 8
                + result("toolu_01M1", "")                    // 9
                + result("toolu_01M2", ""));                  // 10
        assertEquals(List.of(1, 2, 3, 4, 7, 8, 9, 10), firstLines(trace));
        assertEquals(List.of("toolu_01M1", "toolu_01M2"), callIds(trace.events().get(1)));
        assertEquals(List.of("toolu_01S1", "toolu_01S2"), callIds(trace.events().get(3)));
        assertEquals("s1/agent-a3f9c21", trace.events().get(3).threadId());
        assertEquals(List.of("toolu_01M1", "toolu_01M2"), resultIds(trace, "s1"));
        assertEquals(List.of("toolu_01S1", "toolu_01S2"), resultIds(trace, "s1/agent-a3f9c21"));
    }

    @Test
    void aPromptEndsTheMessageSoALaterLineOfTheSameIdIsAnotherMessage() throws Exception {
        Trace trace = read(prompt("go", "")                   // 1
                + call("msg_01A", "toolu_01A", "")            // 2
                + prompt("[Request interrupted by user]", "") // 3
                + call("msg_01A", "toolu_01B", "")            // 4
                + progress()                                  // 5
                + call("msg_01A", "toolu_01C", ""));          // 6
        assertEquals(List.of(1, 2, 3, 4, 5), firstLines(trace));
        assertEquals(List.of("toolu_01A"), callIds(trace.events().get(1)));
        assertEquals(List.of("toolu_01B", "toolu_01C"), callIds(trace.events().get(3)));
    }

    @Test
    void pastTheBoundOfHeldLinesTheFirstMessageIsTakenAsComplete() throws Exception {
        StringBuilder text = new StringBuilder(prompt("go", "")).append(call("msg_01A", "toolu_01A", ""));
        for (int i = 0; i < ReorderBuffer.MAX_HELD + 5; i++) {
            text.append(progress());
        }
        int second = ReorderBuffer.MAX_HELD + 8;
        text.append(call("msg_01A", "toolu_01B", "")).append(progress()).append(call("msg_01A", "toolu_01C", ""))
                .append(result("toolu_01A", "")).append(result("toolu_01B", "")).append(result("toolu_01C", ""));
        Trace trace = read(text.toString());

        List<Integer> lines = firstLines(trace);
        for (int i = 1; i < second; i++) {
            assertEquals(i, lines.get(i - 1), "event " + i);
        }
        assertEquals(List.of("toolu_01A"), callIds(trace.events().get(1)));
        Event gathered = trace.events().get(second - 1);
        assertEquals(second, gathered.source().firstLine());
        assertEquals(List.of("toolu_01B", "toolu_01C"), callIds(gathered));
        assertEquals(List.of(second + 1, second + 3, second + 4, second + 5), lines.subList(second, lines.size()));
    }

    @Test
    void theBufferWritesItsFirstMessageOnceMoreThanTheBoundOfLinesWaitBehindIt() {
        List<String> written = new ArrayList<>();
        ReorderBuffer buffer = new ReorderBuffer(m -> written.add(m.id));
        ObjectNode message = JsonNodeFactory.instance.objectNode().put("id", "msg_01A");
        message.putArray("content");
        buffer.assistantLine("s1", "msg_01A", message, new SourceRef("f", 1, 1), SourceText.of("{}"), "{}", "");
        for (int i = 0; i < ReorderBuffer.MAX_HELD; i++) {
            int line = i;
            buffer.line(() -> written.add("line " + line));
        }
        assertTrue(written.isEmpty(), "nothing written while the message may go on");
        buffer.line(() -> written.add("last"));
        assertEquals(ReorderBuffer.MAX_HELD + 2, written.size());
        assertEquals("msg_01A", written.get(0));
        assertEquals("last", written.get(written.size() - 1));
    }
}
