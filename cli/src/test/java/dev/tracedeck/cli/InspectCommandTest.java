package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InspectCommandTest {

    private static final String LOG = """
            2025-09-05 10:15:03,003 [runner.py:run] RUN qid=q-1 run_id=r vault_id=v agent=langgraph qa=gpt
            2025-09-05 10:15:03,004 [runner.py:run] SESSION_START qid=q-1 s=1 memory_id=mem-1 thread_id=mem-1:s1
            2025-09-05 10:15:03,005 [agent.py:invoke] SYS thread_id=mem-1:s1 content=SESSION_START
            2025-09-05 10:15:03,006 [tools.py:call] TOOL_CALL tool=get_context thread_id=mem-1:s1 role= msg_idx= args={}
            2025-09-05 10:15:03,007 [runner.py:run] MSG qid=q-1 s=1 msg=1 role=user memory_id=mem-1
            2025-09-05 10:15:03,008 [agent.py:invoke] MSG thread_id=mem-1:s1 msg_idx=1 role=user chars=2 preview=hi
            2025-09-05 10:15:03,009 [tools.py:call] TOOL_CALL tool=add_entry thread_id=mem-1:s1 role=user msg_idx=1 args={"raw_entry": "hi"}
            2025-09-05 10:15:03,010 [tools.py:call] TOOL_CALL tool=add_entry thread_id=mem-1:s1 role=user msg_idx=1 args={"raw_entry": "hi"}
            2025-09-05 10:15:03,011 [state.py:dump] STATE thread_id=mem-1:s1 messages=2
            2025-09-05 10:15:03,011 [state.py:dump] STATE_MSG idx=1 type=system role= content=SESSION_START
            2025-09-05 10:15:03,011 [state.py:dump] STATE_MSG idx=2 type=chat role=user content=hi
            2025-09-05 10:15:03,012 [x.py:y] Retrying request in 0.4 seconds
            2025-09-05 10:15:03,013 [agent.py:invoke] LLM_CALL curated=3
            """;

    @TempDir
    Path dir;

    @Test
    void printsTheContractFieldsAsJson() throws Exception {
        Path log = Files.writeString(dir.resolve("q-1.log"), LOG);
        CliRun run = CliRun.of("inspect", "--json", log.toString());
        assertEquals(0, run.code(), run.err());
        JsonNode file = new ObjectMapper().readTree(run.out()).get(0);
        assertEquals(log.toString(), file.get("file").asText());
        assertEquals("mycelian-log", file.get("format").asText());
        assertEquals(13, file.get("lines").asInt());
        assertEquals(13, file.get("records").asInt());
        assertEquals(1, file.get("otherRecords").asInt());
        assertEquals(1, file.get("malformedRecords").asInt());
        assertEquals(2, file.at("/recordKinds/MSG").asInt());
        assertEquals(2, file.at("/recordKinds/STATE_MSG").asInt());
        assertEquals("", file.at("/threads/0/id").asText(), "the run-level RUN line comes first");
        JsonNode thread = file.get("threads").get(1);
        assertEquals("mem-1:s1", thread.get("id").asText());
        assertEquals(1, thread.get("conversationMessages").asInt());
        assertEquals(1, thread.get("controlMessages").asInt());
        assertEquals(2, thread.at("/toolCalls/add_entry").asInt());
        assertEquals(1, thread.at("/toolCalls/get_context").asInt());
        assertEquals(1, thread.get("snapshots").asInt());
        assertEquals(2, thread.get("finalStateSize").asInt());
        assertEquals(13, file.at("/problems/0/line").asInt());
    }

    @Test
    void printsAReadableTableWithoutJson() throws Exception {
        Path log = Files.writeString(dir.resolve("q-1.log"), LOG);
        CliRun run = CliRun.of("inspect", log.toString());
        assertEquals(0, run.code());
        assertTrue(run.out().contains("mem-1:s1"), run.out());
        assertTrue(run.out().contains("add_entry 2"), run.out());
        assertTrue(run.out().contains(log + ":13: LLM_CALL"), run.out());
    }

    @Test
    void exitsTwoWithAOneLineErrorNamingAnUnreadableFile() {
        Path missing = dir.resolve("missing.log");
        CliRun run = CliRun.of("inspect", "--json", missing.toString());
        assertEquals(2, run.code());
        assertEquals("tracedeck inspect: " + missing + ": no such file", run.err().strip());
        assertEquals("[ ]", run.out().strip());
    }

    @Test
    void exitsTwoOnUnknownOptions() {
        assertEquals(2, CliRun.of("inspect", "--frobnicate", "x.log").code());
    }

    @Test
    void inspectsTheBundledSampleLogs() throws Exception {
        CliRun run = CliRun.of("inspect", "--json", CliRun.BEFORE.toString(), CliRun.AFTER.toString());
        assertEquals(0, run.code(), run.err());
        JsonNode files = new ObjectMapper().readTree(run.out());
        assertEquals(2, files.size());
        for (JsonNode file : files) {
            assertEquals("mycelian-log", file.get("format").asText());
            assertEquals(0, file.get("malformedRecords").asInt());
            assertEquals(file.get("records").asInt(), sum(file.get("recordKinds")));
            JsonNode session = file.get("threads").get(1);
            assertTrue(session.get("id").asText().endsWith(":s1"));
            assertEquals(8, session.get("conversationMessages").asInt());
            assertEquals(3, session.get("controlMessages").asInt());
        }
        assertEquals(9, files.get(0).at("/threads/1/toolCalls/add_entry").asInt(), "8 messages, one persisted twice");
    }

    private static int sum(JsonNode counts) {
        int total = 0;
        for (JsonNode n : counts) {
            total += n.asInt();
        }
        return total;
    }
}
