package dev.tracedeck.importers.claudecode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.recorded.ThreadStart;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Shapes Claude Code writes beyond one session told once: a resumed session written again as a new chain, sub-agents
 * inline in the session's file, a transcript read while its last calls ran, and the agent that compacts a context.
 */
class ClaudeCodeSessionShapesTest {

    private static final String S = "3b9e7d10-5c2a-4f81-9d36-0a7e4c1b8f25";

    private static Trace read(String text) throws ImportException {
        return Importers.standard().read(ImportSource.of("session.jsonl", text.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    /** One entry as Claude Code writes it; {@code extra} is more members ("" for none). */
    private static String entry(String uuid, String parent, boolean sidechain, String agent, String type, String time,
                                String request, String message, String extra) {
        return "{\"parentUuid\":" + (parent == null ? "null" : "\"" + parent + "\"") + ",\"isSidechain\":" + sidechain
                + ",\"sessionId\":\"" + S + "\"" + (agent == null ? "" : ",\"agentId\":\"" + agent + "\"")
                + ",\"type\":\"" + type + "\",\"message\":" + message + (request == null ? "" : ",\"requestId\":\"" + request + "\"")
                + extra + ",\"uuid\":\"" + uuid + "\",\"timestamp\":\"" + time + "\"}\n";
    }

    private static String user(String uuid, String parent, String time, String content) {
        return entry(uuid, parent, false, null, "user", time, null, "{\"role\":\"user\",\"content\":" + content + "}", "");
    }

    private static String assistant(String uuid, String parent, String time, String id, String block) {
        return entry(uuid, parent, false, null, "assistant", time, "req_" + id, "{\"model\":\"claude-sonnet-4-5-20250929\","
                + "\"id\":\"" + id + "\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[" + block + "],"
                + "\"usage\":{\"input_tokens\":4,\"cache_read_input_tokens\":12000,\"output_tokens\":30}}", "");
    }

    private static String call(String id, String name, String input) {
        return "{\"type\":\"tool_use\",\"id\":\"" + id + "\",\"name\":\"" + name + "\",\"input\":" + input + "}";
    }

    private static String result(String id, String text) {
        return "[{\"tool_use_id\":\"" + id + "\",\"type\":\"tool_result\",\"content\":\"" + text + "\"}]";
    }

    private static String text(String text) {
        return "{\"type\":\"text\",\"text\":\"" + text + "\"}";
    }

    private static List<String> callIds(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .flatMap(e -> ((Payload.ConversationMessage) e.payload()).message().toolCalls().stream())
                .map(c -> c.id()).toList();
    }

    private static long results(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage m
                && m.message().isToolResult()).count();
    }

    /** A first run: the question as two blocks, a message with parallel calls, their results, the answer. */
    private static final String FIRST_RUN =
            user("a1", null, "2026-01-19T08:02:11.402Z", "[" + text("<ide_opened_file>export.py</ide_opened_file>") + ","
                    + text("Why does the export time out?") + "]")
            + assistant("a2", "a1", "2026-01-19T08:02:16.512Z", "msg_A", call("toolu_grep", "Grep", "{\"pattern\":\"export\"}"))
            + assistant("a3", "a2", "2026-01-19T08:02:16.874Z", "msg_A", call("toolu_read", "Read", "{\"file_path\":\"export.py\"}"))
            + user("a4", "a2", "2026-01-19T08:02:17.021Z", result("toolu_grep", "export.py:12"))
            + user("a5", "a3", "2026-01-19T08:02:17.260Z", result("toolu_read", "rows = query.all()"))
            + assistant("a6", "a5", "2026-01-19T08:02:21.733Z", "msg_B", text("It loads every row at once."));

    /** The same conversation written again on resume: new uuids, the same ids and times, one block a line. */
    private static final String WRITTEN_AGAIN =
            "{\"type\":\"summary\",\"summary\":\"Export timeout\",\"leafUuid\":\"a6\"}\n"
            + user("b1", null, "2026-01-19T08:02:11.402Z", "[" + text("<ide_opened_file>export.py</ide_opened_file>") + "]")
            + user("b2", "b1", "2026-01-19T08:02:11.402Z", "[" + text("Why does the export time out?") + "]")
            + assistant("b3", "b2", "2026-01-19T08:02:16.874Z", "msg_A", call("toolu_read", "Read", "{\"file_path\":\"export.py\"}"))
            + user("b4", "b3", "2026-01-19T08:02:17.260Z", result("toolu_read", "rows = query.all()"))
            + assistant("b5", "b4", "2026-01-19T08:02:21.733Z", "msg_B", text("It loads every row at once."));

    @Test
    void aSessionWrittenAgainWhenResumedCountsEachApiMessageOnce() throws Exception {
        Trace trace = read(FIRST_RUN + WRITTEN_AGAIN
                + user("b6", "b5", "2026-01-19T17:40:09.554Z", "\"Stream the rows instead.\"")
                + assistant("b7", "b6", "2026-01-19T17:40:13.207Z", "msg_C", call("toolu_edit", "Edit", "{}"))
                + user("b8", "b7", "2026-01-19T17:40:13.441Z", result("toolu_edit", "updated"))
                + assistant("b9", "b8", "2026-01-19T17:40:17.902Z", "msg_D", text("Done.")));
        assertEquals(List.of("toolu_grep", "toolu_read", "toolu_edit"), callIds(trace));
        assertEquals(3, results(trace));
        assertEquals(5, trace.report().recordsOf(ReplayedLines.KEYWORD));
        for (int line = 8; line <= 12; line++) {
            Event copy = eventAt(trace, line);
            assertEquals(ReplayedLines.KEYWORD, copy.keyword(), "line " + line);
            assertTrue(copy.summary().startsWith("replayed "), copy.summary());
        }
        assertTrue(trace.report().diagnostics().stream().anyMatch(d -> d.line() == 8
                && d.message().contains("lines 8 to 12: 5 lines that Claude Code wrote again")), trace.report().diagnostics().toString());
        assertEquals(0, trace.report().malformedRecords());
        // The session goes on from the copy's end: its model calls are the four API messages, each once.
        assertEquals(4, trace.threads().get(0).records().modelCalls().size());
    }

    @Test
    void aLineAtTheTimeOfAnEarlierOneThatSaysSomethingElseIsNoCopy() throws Exception {
        Trace trace = read(FIRST_RUN
                + user("c1", "a6", "2026-01-19T08:02:11.402Z", "[" + text("Why does the import time out?") + "]")
                + assistant("c2", "c1", "2026-01-19T08:02:21.733Z", "msg_E", text("It loads every row at once.")));
        assertEquals(0, trace.report().recordsOf(ReplayedLines.KEYWORD));
        assertTrue(trace.report().diagnostics().isEmpty());
    }

    @Test
    void anEntryWrittenSeveralTimesOverIsOneMessage() throws Exception {
        String prompt = user("d1", null, "2026-06-09T10:00:00.000Z", "\"Run the tests.\"");
        Trace trace = read(prompt + prompt + prompt
                + assistant("d2", "d1", "2026-06-09T10:00:03.000Z", "msg_F", text("All pass.")));
        assertEquals(2, trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage).count());
        assertEquals(2, trace.report().recordsOf(ReplayedLines.KEYWORD));
    }

    /** A session whose message makes two Task calls, each sub-agent's lines written inline, as Claude Code 1.0 did. */
    private static String inlineSubAgents(String promptA, String promptB, String agentA, String agentB, String resultsExtraA,
                                          String resultsExtraB) {
        return user("m1", null, "2025-09-03T00:52:30.101Z", "\"Survey the components.\"")
                + assistant("m2", "m1", "2025-09-03T00:52:34.610Z", "msg_T",
                        call("toolu_taskA", "Task", "{\"description\":\"A\",\"prompt\":\"" + promptA + "\"}"))
                + assistant("m3", "m2", "2025-09-03T00:52:36.882Z", "msg_T",
                        call("toolu_taskB", "Task", "{\"description\":\"B\",\"prompt\":\"" + promptB + "\"}"))
                + entry("sa1", null, true, agentA, "user", "2025-09-03T00:52:36.905Z", null,
                        "{\"role\":\"user\",\"content\":\"" + promptA + "\"}", "")
                + entry("sb1", null, true, agentB, "user", "2025-09-03T00:52:36.905Z", null,
                        "{\"role\":\"user\",\"content\":\"" + promptB + "\"}", "")
                + entry("sa2", "sa1", true, agentA, "assistant", "2025-09-03T00:52:39.220Z", "req_sa", "{\"id\":\"msg_SA\","
                        + "\"role\":\"assistant\",\"model\":\"claude-sonnet-4-20250514\",\"content\":[" + text("A done") + "]}", "")
                + entry("sb2", "sb1", true, agentB, "assistant", "2025-09-03T00:52:39.871Z", "req_sb", "{\"id\":\"msg_SB\","
                        + "\"role\":\"assistant\",\"model\":\"claude-sonnet-4-20250514\",\"content\":[" + text("B done") + "]}", "")
                + entry("m4", "m3", false, null, "user", "2025-09-03T00:52:45.314Z", null,
                        "{\"role\":\"user\",\"content\":" + result("toolu_taskA", "A done") + "}", resultsExtraA)
                + entry("m5", "m4", false, null, "user", "2025-09-03T00:52:46.315Z", null,
                        "{\"role\":\"user\",\"content\":" + result("toolu_taskB", "B done") + "}", resultsExtraB)
                + assistant("m6", "m5", "2025-09-03T00:52:49.774Z", "msg_U", text("Both done."));
    }

    private static Optional<String> startedBy(Trace trace, String thread) {
        return trace.thread(thread).orElseThrow().records().startedBy().map(ThreadStart::callId);
    }

    @Test
    void inlineSidechainsAreLinkedToTheTaskCallWhosePromptTheyStartWith() throws Exception {
        Trace trace = read(inlineSubAgents("List the components.", "Find the tests.", null, null, "", ""));
        assertEquals(List.of(S, S + "/sidechain-1", S + "/sidechain-2"), trace.threads().stream().map(TraceThread::id).toList());
        assertEquals(Optional.of("toolu_taskA"), startedBy(trace, S + "/sidechain-1"));
        assertEquals(Optional.of("toolu_taskB"), startedBy(trace, S + "/sidechain-2"));
    }

    @Test
    void twoCallsWithOnePromptAreToldApartOnlyByTheAgentTheirResultsName() throws Exception {
        String same = "Write a poem about curry.";
        Trace guess = read(inlineSubAgents(same, same, "a9cad17", "aa5ef13", "", ""));
        assertEquals(Optional.empty(), startedBy(guess, S + "/agent-a9cad17"), "one prompt, two calls: no guess");
        Trace named = read(inlineSubAgents(same, same, "a9cad17", "aa5ef13",
                ",\"toolUseResult\":{\"isAsync\":true,\"status\":\"async_launched\",\"agentId\":\"aa5ef13\"}",
                ",\"toolUseResult\":{\"isAsync\":true,\"status\":\"async_launched\",\"agentId\":\"a9cad17\"}"));
        assertEquals(Optional.of("toolu_taskB"), startedBy(named, S + "/agent-a9cad17"));
        assertEquals(Optional.of("toolu_taskA"), startedBy(named, S + "/agent-aa5ef13"));
    }

    @Test
    void aThreadThatStopsAtTheModelsCallsEndsAtItsAnswer() throws Exception {
        String asked = user("e1", null, "2026-01-22T10:12:30.006Z", "\"Publish this session.\"")
                + assistant("e2", "e1", "2026-01-22T10:12:32.415Z", "msg_P", call("toolu_publish", "Bash",
                        "{\"command\":\"python3 publish_session.py\"}"));
        assertTrue(read(asked).threads().get(0).records().endsAtModelAnswer(),
                "the file was read while the call ran: its result can't be in it");
        assertFalse(read(asked + user("e3", "e2", "2026-01-22T10:12:40.000Z", "\"[Request interrupted by user]\""))
                .threads().get(0).records().endsAtModelAnswer(), "the session went on without the result");
        assertFalse(read(asked + user("e3", "e2", "2026-01-22T10:12:40.000Z", result("toolu_publish", "published"))
                + assistant("e4", "e3", "2026-01-22T10:12:44.000Z", "msg_Q", text("Published.")))
                .threads().get(0).records().endsAtModelAnswer());
    }

    @Test
    void theAgentThatCompactsAContextIsRecordedAsSuch() throws Exception {
        Trace trace = read(entry("f1", null, true, "acompact-5e2a91", "user", "2026-02-12T16:11:58.993Z", null,
                "{\"role\":\"user\",\"content\":\"Your task is to create a detailed summary of the conversation so far.\"}", "")
                + entry("f2", "f1", true, "acompact-5e2a91", "assistant", "2026-02-12T16:13:25.236Z", "req_c",
                "{\"id\":\"msg_C\",\"role\":\"assistant\",\"model\":\"claude-opus-4-6\",\"content\":[" + text("<summary/>")
                        + "],\"usage\":{\"input_tokens\":3,\"cache_read_input_tokens\":166873,\"output_tokens\":6}}", ""));
        assertTrue(trace.thread(S + "/agent-acompact-5e2a91").orElseThrow().records().compactionAgent());
        assertFalse(read(FIRST_RUN).threads().get(0).records().compactionAgent());
    }

    private static Event eventAt(Trace trace, int line) {
        return trace.events().stream().filter(e -> e.source().firstLine() == line).findFirst().orElseThrow();
    }
}
