package dev.tracedeck.importers.claudecode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Claude Code project folder ({@code ~/.claude/projects/<project>/}) opened whole, built here in Claude Code's
 * shape: {@code <sessionId>.jsonl} per session, {@code <sessionId>/subagents/agent-<id>.jsonl} per sub-agent.
 */
class ProjectFolderTest {

    private static final String S1 = "11111111-aaaa-4bbb-8ccc-000000000001";
    private static final String S2 = "22222222-aaaa-4bbb-8ccc-000000000002";
    private static final String PROMPT = "List the hooks this repo defines.";

    @TempDir
    Path project;

    private static String entry(String session, String uuid, String parent, boolean sidechain, String agent, String type,
                                String message) {
        return "{\"parentUuid\":" + (parent == null ? "null" : "\"" + parent + "\"") + ",\"isSidechain\":" + sidechain
                + ",\"sessionId\":\"" + session + "\"" + (agent == null ? "" : ",\"agentId\":\"" + agent + "\"")
                + ",\"type\":\"" + type + "\",\"message\":" + message + ",\"uuid\":\"" + uuid
                + "\",\"timestamp\":\"2026-02-11T21:24:19.366Z\"}\n";
    }

    private static String user(String text) {
        return "{\"role\":\"user\",\"content\":\"" + text + "\"}";
    }

    private static String assistant(String id, String block) {
        return "{\"model\":\"claude-opus-4-6\",\"id\":\"" + id + "\",\"type\":\"message\",\"role\":\"assistant\",\"content\":["
                + block + "],\"usage\":{\"input_tokens\":10,\"cache_creation_input_tokens\":0,\"cache_read_input_tokens\":0,"
                + "\"output_tokens\":5}}";
    }

    private static String task(String callId) {
        return "{\"type\":\"tool_use\",\"id\":\"" + callId + "\",\"name\":\"Task\",\"input\":{\"description\":\"Find hooks\","
                + "\"subagent_type\":\"Explore\",\"prompt\":\"" + PROMPT + "\"}}";
    }

    private static String result(String callId, String text) {
        return "{\"role\":\"user\",\"content\":[{\"tool_use_id\":\"" + callId + "\",\"type\":\"tool_result\",\"content\":"
                + "[{\"type\":\"text\",\"text\":\"" + text + "\"}]}]}";
    }

    /** A session that starts a sub-agent with a Task call, and the progress line Claude Code writes while it runs. */
    private static String sessionWithTask(String session, String callId, boolean progress) {
        return entry(session, "u1", null, false, null, "user", user("Which hooks are there?"))
                + entry(session, "a1", "u1", false, null, "assistant", assistant("msg_1", task(callId)))
                + (progress ? "{\"parentUuid\":\"a1\",\"isSidechain\":false,\"sessionId\":\"" + session + "\",\"type\":"
                        + "\"progress\",\"data\":{\"type\":\"agent_progress\",\"prompt\":\"" + PROMPT + "\",\"agentId\":"
                        + "\"b7c1d2e\"},\"parentToolUseID\":\"" + callId + "\",\"uuid\":\"p1\",\"timestamp\":"
                        + "\"2026-02-11T21:24:19.400Z\"}\n" : "")
                + entry(session, "u2", "a1", false, null, "user", result(callId, "Two hooks: SessionStart and Stop."))
                + entry(session, "a2", "u2", false, null, "assistant",
                        assistant("msg_2", "{\"type\":\"text\",\"text\":\"There are two.\"}"));
    }

    private static String subAgent(String session, String agent) {
        return entry(session, "x1", null, true, agent, "user", user(PROMPT))
                + entry(session, "x2", "x1", true, agent, "assistant", assistant("msg_x",
                        "{\"type\":\"tool_use\",\"id\":\"toolu_grep\",\"name\":\"Grep\",\"input\":{\"pattern\":\"hook\"}}"))
                + entry(session, "x3", "x2", true, agent, "user", result("toolu_grep", "hooks.json:2"))
                + entry(session, "x4", "x3", true, agent, "assistant",
                        assistant("msg_y", "{\"type\":\"text\",\"text\":\"Two hooks: SessionStart and Stop.\"}"));
    }

    private void write(String relative, String text) throws Exception {
        Path file = project.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private Trace read() throws ImportException {
        return Importers.standard().read(ImportSource.of(project), ImportListener.NONE);
    }

    private static List<String> threads(Trace trace) {
        return trace.threads().stream().map(TraceThread::id).toList();
    }

    @Test
    void everySessionAndEachOfItsSubAgentsIsAThreadOfOneTraceWhoseEventsKeepTheirFiles() throws Exception {
        write(S1 + ".jsonl", sessionWithTask(S1, "toolu_task1", true));
        write(S1 + "/subagents/agent-b7c1d2e.jsonl", subAgent(S1, "b7c1d2e"));
        write(S1 + "/subagents/agent-b7c1d2e.meta.json", "{\"agentType\":\"Explore\"}");
        write(S2 + ".jsonl", entry(S2, "u1", null, false, null, "user", user("hi")));
        Trace trace = read();
        assertEquals("claude-code", trace.format());
        assertEquals(project.toString(), trace.file());
        assertEquals(List.of(S1, S1 + "/agent-b7c1d2e", S2), threads(trace));
        Event grep = trace.thread(S1 + "/agent-b7c1d2e").orElseThrow().events().get(1);
        assertEquals(project.resolve(S1 + "/subagents/agent-b7c1d2e.jsonl").toString(), grep.source().file());
        assertEquals(2, grep.source().firstLine());
        assertTrue(grep.text().contains("toolu_grep"), "its text is read back from its own file");
        assertEquals(5 + 4 + 1, trace.report().lines());
        assertEquals(List.of("claude-opus-4-6", "claude-opus-4-6"), trace.thread(S1 + "/agent-b7c1d2e").orElseThrow()
                .records().modelCalls().stream().map(c -> c.model()).toList());
    }

    @Test
    void theTaskCallThatStartedASubAgentPointsToItsThreadByTheProgressLine() throws Exception {
        write(S1 + ".jsonl", sessionWithTask(S1, "toolu_task1", true));
        write(S1 + "/subagents/agent-b7c1d2e.jsonl", subAgent(S1, "b7c1d2e"));
        Trace trace = read();
        ThreadStart start = trace.thread(S1 + "/agent-b7c1d2e").orElseThrow().records().startedBy().orElseThrow();
        assertEquals("toolu_task1", start.callId());
        assertEquals(S1, start.call().threadId());
        assertEquals(List.of(S1 + "/agent-b7c1d2e"), threads(trace).stream()
                .filter(t -> trace.threadsStartedBy(start.call()).stream().anyMatch(s -> s.id().equals(t))).toList());
        assertTrue(((Payload.ConversationMessage) start.call().payload()).message().toolCalls().stream()
                .anyMatch(c -> c.id().equals("toolu_task1") && c.name().equals("Task")));
    }

    @Test
    void withoutAProgressLineTheSubAgentsFirstPromptFindsTheTaskCallWhoseInputItIs() throws Exception {
        write(S1 + ".jsonl", sessionWithTask(S1, "toolu_task9", false));
        write(S1 + "/subagents/agent-b7c1d2e.jsonl", subAgent(S1, "b7c1d2e"));
        Trace trace = read();
        assertEquals(Optional.of("toolu_task9"), trace.thread(S1 + "/agent-b7c1d2e").orElseThrow().records().startedBy()
                .map(ThreadStart::callId));
    }

    @Test
    void twoTaskCallsWithOnePromptAreLinkedByTheAgentEachResultNames() throws Exception {
        // Async Task calls: each result says which agent it launched (toolUseResult.agentId); no progress line.
        String launched = ",\"toolUseResult\":{\"isAsync\":true,\"status\":\"async_launched\",\"agentId\":\"%s\"}";
        String session = entry(S1, "u1", null, false, null, "user", user("Two surveys, please."))
                + entry(S1, "a1", "u1", false, null, "assistant", assistant("msg_1", task("toolu_first")))
                + entry(S1, "a2", "a1", false, null, "assistant", assistant("msg_1", task("toolu_second")))
                + entry(S1, "u2", "a1", false, null, "user", result("toolu_first", "launched")).replace(",\"uuid\"",
                        String.format(launched, "b7c1d2e") + ",\"uuid\"")
                + entry(S1, "u3", "a2", false, null, "user", result("toolu_second", "launched")).replace(",\"uuid\"",
                        String.format(launched, "a0b1c2d") + ",\"uuid\"");
        write(S1 + ".jsonl", session);
        write(S1 + "/subagents/agent-a0b1c2d.jsonl", subAgent(S1, "a0b1c2d"));
        write(S1 + "/subagents/agent-b7c1d2e.jsonl", subAgent(S1, "b7c1d2e"));
        Trace trace = read();
        assertEquals(Optional.of("toolu_first"), trace.thread(S1 + "/agent-b7c1d2e").orElseThrow().records().startedBy()
                .map(ThreadStart::callId));
        assertEquals(Optional.of("toolu_second"), trace.thread(S1 + "/agent-a0b1c2d").orElseThrow().records().startedBy()
                .map(ThreadStart::callId));
    }

    @Test
    void theAgentThatCompactedASessionIsKnownByItsFileName() throws Exception {
        write(S1 + ".jsonl", sessionWithTask(S1, "toolu_task1", false));
        write(S1 + "/subagents/agent-acompact-70d8e7.jsonl", subAgent(S1, null));
        Trace trace = read();
        assertTrue(trace.thread(S1 + "/agent-acompact-70d8e7").orElseThrow().records().compactionAgent());
        assertFalse(trace.thread(S1).orElseThrow().records().compactionAgent());
    }

    @Test
    void aSubAgentNothingLinksStaysUnlinked() throws Exception {
        write(S1 + ".jsonl", entry(S1, "u1", null, false, null, "user", user("hi")));
        write(S1 + "/subagents/agent-b7c1d2e.jsonl", subAgent(S1, "b7c1d2e"));
        Trace trace = read();
        assertFalse(trace.thread(S1 + "/agent-b7c1d2e").orElseThrow().records().startedBy().isPresent());
    }

    @Test
    void aSubAgentFileWhoseLinesNameNoAgentIsTheAgentOfItsFileName() throws Exception {
        write(S1 + ".jsonl", sessionWithTask(S1, "toolu_task1", false));
        write(S1 + "/subagents/agent-c0ffee1.jsonl", subAgent(S1, null));
        assertEquals(List.of(S1, S1 + "/agent-c0ffee1"), threads(read()));
    }

    @Test
    void aSubAgentFileBesideTheSessionsIsItsOwnThreadNotTheSessionsInlineSidechain() throws Exception {
        // Claude Code 2.0 wrote agent-<id>.jsonl beside the sessions; its lines name no agent, as inline ones don't.
        write(S1 + ".jsonl", sessionWithTask(S1, "toolu_task1", false)
                + entry(S1, "i1", null, true, null, "user", user("Count the tests."))
                + entry(S1, "i2", "i1", true, null, "assistant", assistant("msg_i", "{\"type\":\"text\",\"text\":\"40.\"}")));
        write("agent-5f0e2d1.jsonl", subAgent(S1, null));
        Trace trace = read();
        assertEquals(List.of(S1, S1 + "/sidechain-1", S1 + "/agent-5f0e2d1"), threads(trace));
        assertEquals(2, trace.thread(S1 + "/sidechain-1").orElseThrow().events().size());
        assertEquals(Optional.of("toolu_task1"), trace.thread(S1 + "/agent-5f0e2d1").orElseThrow().records().startedBy()
                .map(ThreadStart::callId));
    }

    @Test
    void aFolderWithNoSessionIsRefusedAndAFileThatIsNotClaudeCodeFailsTheFolderNamingIt() throws Exception {
        ImportException empty = assertThrows(ImportException.class, this::read);
        assertTrue(empty.getMessage().contains("no Claude Code session"), empty.getMessage());
        write(S1 + ".jsonl", "{\"model\":\"gpt-4o\",\"messages\":[]}\n");
        ImportException other = assertThrows(ImportException.class, this::read);
        assertTrue(other.getMessage().contains(S1 + ".jsonl") && other.getMessage().contains("not claude-code"),
                other.getMessage());
    }

    @Test
    void aFolderIsReadOnlyAsClaudeCode() throws Exception {
        write(S1 + ".jsonl", sessionWithTask(S1, "toolu_task1", true));
        ImportException e = assertThrows(ImportException.class, () -> Importers.standard().forcing("openai-chat")
                .read(ImportSource.of(project), ImportListener.NONE));
        assertTrue(e.getMessage().contains("Claude Code project folder"), e.getMessage());
        assertEquals(List.of(S1), threads(Importers.standard().forcing("claude-code").read(ImportSource.of(project),
                ImportListener.NONE)));
    }
}
