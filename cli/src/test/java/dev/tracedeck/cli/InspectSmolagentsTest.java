package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** inspect and validate on smolagents memory: steps as their own record kind, the memory's roles, calls and results. */
class InspectSmolagentsTest {

    private static final Path SMOLAGENTS = Path.of("../sample-logs/smolagents");

    @Test
    void namesTheFormatCountsStepsAndTheMemorysMessages() throws Exception {
        CliRun run = CliRun.of("inspect", "--no-workspace", "--json", SMOLAGENTS.resolve("clean-code-agent.json").toString());
        assertEquals(0, run.code(), run.err());
        JsonNode file = new ObjectMapper().readTree(run.out()).get(0);
        assertEquals("smolagents", file.get("format").asText());
        assertEquals(5, file.at("/recordKinds/step").asInt(), "task, planning and three actions");
        JsonNode thread = file.at("/threads/0");
        assertEquals("run", thread.get("id").asText());
        assertEquals(10, thread.get("messages").asInt());
        assertEquals(1, thread.at("/roles/system").asInt());
        assertEquals(2, thread.at("/roles/user").asInt(), "the task and \"Now proceed\"");
        assertEquals(4, thread.at("/roles/assistant").asInt(), "the plan and three outputs");
        assertEquals(3, thread.at("/roles/tool-response").asInt());
        assertEquals(3, thread.at("/toolCalls/python_interpreter").asInt());
        assertEquals(3, thread.get("toolResults").asInt());
        assertEquals(0, thread.get("orphanedToolCalls").asInt());
    }

    @Test
    void validateFindsTheOrphanedCallAndTheBrokenLine() {
        CliRun run = CliRun.of("validate", "--no-workspace", SMOLAGENTS.resolve("broken-toolcalling.jsonl").toString());
        assertEquals(ExitCodes.FINDINGS, run.code());
        assertTrue(run.out().contains("(smolagents, profile smolagents)  2 errors"), run.out());
        assertTrue(run.out().contains("calls book_hotel; 1 of 1 without a result"), run.out());
        assertTrue(run.out().contains("malformed record at line 4"), run.out());
    }
}
