package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate DIR} and {@code inspect DIR} on a Claude Code project folder written here in Claude Code's shape: a
 * session that starts a sub-agent with a Task call, and the sub-agent's file, whose last call got no result.
 */
class ProjectFolderCommandTest {

    private static final String SESSION = "33333333-aaaa-4bbb-8ccc-000000000003";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private Path project;
    private Path subAgent;

    private static String entry(String uuid, boolean sidechain, String type, String message) {
        return "{\"parentUuid\":null,\"isSidechain\":" + sidechain + ",\"sessionId\":\"" + SESSION + "\""
                + (sidechain ? ",\"agentId\":\"d00d1e5\"" : "") + ",\"type\":\"" + type + "\",\"message\":" + message
                + ",\"uuid\":\"" + uuid + "\",\"timestamp\":\"2026-02-11T21:24:19.366Z\"}\n";
    }

    private static String call(String messageId, String id, String name, String input) {
        return "{\"model\":\"claude-opus-4-6\",\"id\":\"" + messageId + "\",\"role\":\"assistant\",\"content\":[{\"type\":"
                + "\"tool_use\",\"id\":\"" + id + "\",\"name\":\"" + name + "\",\"input\":" + input + "}]}";
    }

    private static String result(String id) {
        return "{\"role\":\"user\",\"content\":[{\"tool_use_id\":\"" + id + "\",\"type\":\"tool_result\",\"content\":\"done\"}]}";
    }

    @BeforeEach
    void writeFolder() throws Exception {
        project = dir.resolve("-home-me-projects-demo");
        subAgent = project.resolve(SESSION).resolve("subagents").resolve("agent-d00d1e5.jsonl");
        Files.createDirectories(subAgent.getParent());
        Files.writeString(project.resolve(SESSION + ".jsonl"),
                entry("u1", false, "user", "{\"role\":\"user\",\"content\":\"Check the build.\"}")
                        + entry("a1", false, "assistant", call("msg_1", "toolu_task", "Task",
                                "{\"description\":\"Run the build\",\"prompt\":\"Run mvn verify and report.\"}"))
                        + entry("u2", false, "user", result("toolu_task")));
        Files.writeString(subAgent,
                entry("x1", true, "user", "{\"role\":\"user\",\"content\":\"Run mvn verify and report.\"}")
                        + entry("x2", true, "assistant", call("msg_x", "toolu_bash", "Bash", "{\"command\":\"mvn verify\"}"))
                        + entry("x3", true, "assistant", "{\"model\":\"claude-opus-4-6\",\"id\":\"msg_y\",\"role\":"
                                + "\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"It passed.\"}]}"));
    }

    @Test
    void validateChecksEveryThreadOfTheFolderAndNamesTheFileAFindingIsIn() throws Exception {
        CliRun text = CliRun.of("validate", "--no-workspace", project.toString());
        assertEquals(1, text.code(), text.err());
        assertTrue(text.out().contains(project + "  (claude-code"), text.out());
        assertTrue(text.out().contains(SESSION + "/agent-d00d1e5"), text.out());
        assertTrue(text.out().contains(subAgent + ": line 2"), "the finding names the sub-agent's file: " + text.out());

        JsonNode file = JSON.readTree(CliRun.of("validate", "--no-workspace", "--format", "json", project.toString()).out())
                .get("files").get(0);
        assertEquals(2, file.get("threads").size());
        JsonNode evidence = file.at("/threads/1/checks").findValue("evidence").get(0);
        assertEquals(subAgent.toString(), evidence.get("file").asText());
        assertEquals(2, evidence.get("line").asInt());
    }

    @Test
    void inspectSaysWhichCallStartedEachSubAgentAndTheWorkspaceRecordsTheFolder() throws Exception {
        CliRun run = CliRun.of("inspect", "--workspace", dir.resolve("workspace.db").toString(), project.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains(SESSION + "/agent-d00d1e5 started by call toolu_task of " + SESSION + " ("
                + project.resolve(SESSION + ".jsonl") + ":2)"), run.out());
    }

    @Test
    void inspectJsonGivesEachSubAgentTheCallThatStartedIt() throws Exception {
        CliRun run = CliRun.of("inspect", "--no-workspace", "--json", project.toString());
        assertEquals(0, run.code(), run.err());
        JsonNode threads = JSON.readTree(run.out()).get(0).get("threads");
        assertTrue(threads.get(0).path("startedBy").isMissingNode(), "the session was started by no call");
        JsonNode start = threads.get(1).get("startedBy");
        assertEquals(SESSION + "/agent-d00d1e5", threads.get(1).get("id").asText());
        assertEquals("toolu_task", start.get("callId").asText());
        assertEquals(SESSION, start.get("thread").asText());
        assertEquals(project.resolve(SESSION + ".jsonl").toString(), start.get("file").asText());
        assertEquals(2, start.get("line").asInt());
    }
}
