package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** inspect and validate on Anthropic histories and Claude Code sessions: the format named, the history counts. */
class InspectAnthropicTest {

    private static final Path SAMPLES = Path.of("../sample-logs");

    @Test
    void inspectNamesTheFormatAndCountsTheHistoryWithEachResultAsOne() throws Exception {
        CliRun run = CliRun.of("inspect", "--json", SAMPLES.resolve("anthropic/clean-parallel-tools.json").toString());
        assertEquals(0, run.code(), run.err());
        JsonNode file = new ObjectMapper().readTree(run.out()).get(0);
        assertEquals("anthropic", file.get("format").asText());
        JsonNode thread = file.at("/threads/0");
        assertEquals(6, thread.get("messages").asInt(), "question, call, two results, answer, system: " + thread);
        assertEquals(2, thread.get("toolResults").asInt());
        assertEquals(0, thread.get("orphanedToolCalls").asInt());
        assertEquals(3, thread.at("/roles/user").asInt());
        assertEquals(2, thread.at("/toolCalls/get_weather").asInt() + thread.at("/toolCalls/get_time").asInt());
    }

    @Test
    void aClaudeCodeSessionIsNamedAndItsSidechainIsAThreadOfItsOwn() throws Exception {
        CliRun run = CliRun.of("inspect", "--json", SAMPLES.resolve("claude-code/interrupted-session.jsonl").toString());
        assertEquals(0, run.code(), run.err());
        JsonNode file = new ObjectMapper().readTree(run.out()).get(0);
        assertEquals("claude-code", file.get("format").asText());
        assertEquals(2, file.at("/threads/0/orphanedToolCalls").asInt());
        CliRun clean = CliRun.of("inspect", "--json", SAMPLES.resolve("claude-code/clean-session.jsonl").toString());
        assertEquals(2, new ObjectMapper().readTree(clean.out()).at("/0/threads").size());
        CliRun forced = CliRun.of("validate", "--input-format", "claude-code",
                SAMPLES.resolve("anthropic/cut-short.jsonl").toString());
        assertEquals(2, forced.code(), "an Anthropic file is not a Claude Code session: " + forced.err());
    }
}
