package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** inspect and validate on OpenTelemetry traces: the format's own record kinds, the history counts, --format otlp. */
class InspectOtlpTest {

    private static final Path OTLP = Path.of("../sample-logs/otlp");

    @TempDir
    Path dir;

    @Test
    void countsSpansMessagesCallsResultsAndOrphansPerThread() throws Exception {
        CliRun run = CliRun.of("inspect", "--json", OTLP.resolve("cut-short.jsonl").toString());
        assertEquals(0, run.code(), run.err());
        JsonNode file = new ObjectMapper().readTree(run.out()).get(0);
        assertEquals("otlp", file.get("format").asText());
        assertEquals(4, file.at("/recordKinds/span").asInt());
        assertEquals(2, file.at("/recordKinds/message").asInt());
        assertEquals(3, file.at("/recordKinds/tool_call").asInt());
        assertEquals(2, file.at("/recordKinds/tool_result").asInt());
        assertEquals(1, file.at("/recordKinds/error").asInt());
        assertEquals(1, file.at("/recordKinds/malformed").asInt());
        assertEquals(1, file.at("/recordKinds/CUT_SHORT").asInt());
        JsonNode thread = file.at("/threads/0");
        assertEquals("sess-7f3a", thread.get("id").asText());
        assertEquals(7, thread.get("messages").asInt());
        assertEquals(1, thread.at("/roles/system").asInt());
        assertEquals(1, thread.at("/roles/user").asInt());
        assertEquals(3, thread.at("/roles/assistant").asInt());
        assertEquals(2, thread.at("/roles/tool").asInt());
        assertEquals(2, thread.at("/toolCalls/read_file").asInt());
        assertEquals(2, thread.get("toolResults").asInt());
        assertEquals(1, thread.get("orphanedToolCalls").asInt());
    }

    @Test
    void validateFindsTheBrokenHistoryAndAForcedFormatReadsWhatSniffingWouldToo() throws Exception {
        CliRun validate = CliRun.of("validate", OTLP.resolve("broken-history.json").toString());
        assertEquals(1, validate.code(), validate.err());
        assertTrue(validate.out().contains("orphaned-tool-call") && validate.out().contains("tool-result-without-call"),
                validate.out());
        Path renamed = Files.copy(OTLP.resolve("clean-agent-session.jsonl"), dir.resolve("export.log"));
        CliRun forced = CliRun.of("inspect", "--format", "otlp", "--json", renamed.toString());
        assertEquals(0, forced.code(), forced.err());
        assertEquals("conv_6f1d2a9e4b7c", new ObjectMapper().readTree(forced.out()).at("/0/threads/0/id").asText());
        CliRun wrong = CliRun.of("validate", "--input-format", "otlp", Path.of("../sample-logs/openai/broken-history.json").toString());
        assertEquals(2, wrong.code());
        assertTrue(wrong.err().contains("not otlp"), wrong.err());
    }

    @Test
    void tokensCountWithTheModelTheModelCallSpansName() {
        CliRun openllmetry = CliRun.of("tokens", "--no-workspace", OTLP.resolve("broken-history.json").toString());
        assertEquals(0, openllmetry.code(), openllmetry.err());
        assertTrue(openllmetry.out().contains("(gpt-4o-mini, named by the trace;"), openllmetry.out());
        CliRun openinference = CliRun.of("tokens", "--no-workspace", OTLP.resolve("cut-short.jsonl").toString());
        assertTrue(openinference.out().contains("(claude-sonnet-4-20250514, named by the trace;"), openinference.out());
    }
}
