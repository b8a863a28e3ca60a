package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file in which no rule found anything to read gets no green verdict: every report format gives it a status of its
 * own, and validate exits 3 unless --allow-empty.
 */
class NothingToCheckTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A Mycelian log with its run line alone. */
    private static final String RUN_ONLY = "2025-09-05 10:15:03,003 [single_question_runner.py:run_question] RUN "
            + "qid=q1 run_id=run_1 vault_id=v1 agent=gpt-4o-mini qa=gpt-4o\n";
    /** A LangGraph state whose message list is empty. */
    private static final String EMPTY_STATE = "{\"values\": {\"messages\": []}, \"next\": [], \"config\": {}}\n";
    /** An OpenTelemetry export of one HTTP span: no model call, no message. */
    private static final String NO_GENAI_SPAN = """
            {"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"web"}}]},
             "scopeSpans":[{"scope":{"name":"http"},"spans":[{"traceId":"0af7651916cd43dd8448eb211c80319c",
             "spanId":"b7ad6b7169203331","name":"GET /index","kind":2,"startTimeUnixNano":"1700000000000000000",
             "endTimeUnixNano":"1700000001000000000","attributes":[{"key":"http.method","value":{"stringValue":"GET"}}]}]}]}]}
            """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"run-only.log", "empty-state.json", "http-spans.json"})
    void aFileWithNothingToCheckIsNoPass(String name) throws IOException {
        Path file = write(name, switch (name) {
            case "run-only.log" -> RUN_ONLY;
            case "empty-state.json" -> EMPTY_STATE;
            default -> NO_GENAI_SPAN;
        });

        CliRun run = CliRun.of("validate", "--no-workspace", file.toString());
        assertEquals(ExitCodes.NOTHING_TO_CHECK, run.code(), run.out() + run.err());
        assertTrue(run.out().contains("nothing to check in " + file + ": "), run.out());
        assertFalse(run.out().contains("all clean"), run.out());
        assertEquals("tracedeck validate: nothing to check in " + file + " (--allow-empty passes it)", run.err().strip());

        CliRun allowed = CliRun.of("validate", "--no-workspace", "--allow-empty", file.toString());
        assertEquals(ExitCodes.OK, allowed.code(), allowed.err());
        assertTrue(allowed.out().contains("nothing to check in " + file), "still said: " + allowed.out());
    }

    @Test
    void everyReportFormatGivesItAStatusOfItsOwn() throws IOException {
        Path file = write("run-only.log", RUN_ONLY);
        String checked = CliRun.BEFORE.toString();

        JsonNode json = JSON.readTree(CliRun.of("validate", "--no-workspace", "--format", "json", file.toString(), checked).out());
        assertEquals("nothing-to-check", json.get("files").get(0).get("status").asText());
        assertTrue(json.get("files").get(0).get("reason").asText().startsWith("no thread holds"));
        assertEquals("checked", json.get("files").get(1).get("status").asText());

        String junit = CliRun.of("validate", "--no-workspace", "--format", "junit", file.toString()).out();
        assertTrue(junit.contains("name=\"nothing-to-check\""), junit);
        assertTrue(junit.contains("<skipped message=\"nothing to check in " + file), junit);

        JsonNode sarif = JSON.readTree(CliRun.of("validate", "--no-workspace", "--format", "sarif", file.toString()).out());
        JsonNode note = sarif.get("runs").get(0).get("invocations").get(0).get("toolExecutionNotifications").get(0);
        assertEquals("nothing-to-check", note.get("descriptor").get("id").asText());
        assertTrue(note.get("message").get("text").asText().startsWith("nothing to check in " + file), note.toString());

        for (String format : new String[] {"markdown", "html", "text"}) {
            CliRun run = CliRun.of("validate", "--no-workspace", "--format", format, file.toString());
            assertEquals(ExitCodes.NOTHING_TO_CHECK, run.code(), format);
            assertTrue(run.out().contains("nothing to check in " + file), format + ": " + run.out());
        }
    }

    @Test
    void aFindingIsAlwaysAVerdictAndACheckedFileIsNotEmpty() throws IOException {
        // A failed invocation is something a rule read: the run failed, whatever else the log lacks.
        Path error = write("error.log", RUN_ONLY + "2025-09-05 10:15:04,000 [mycelian_memory_agent.py:invoke_message] "
                + "AINVOKE_ERROR McpError: Timed out while waiting for response.\n");
        CliRun failed = CliRun.of("validate", "--no-workspace", "--format", "json", error.toString());
        assertEquals(ExitCodes.FINDINGS, failed.code(), failed.err());
        assertEquals("checked", JSON.readTree(failed.out()).get("files").get(0).get("status").asText());
        CliRun sample = CliRun.of("validate", "--no-workspace", "--format", "json", CliRun.AFTER.toString());
        assertEquals(ExitCodes.OK, sample.code(), sample.err());
        assertEquals("checked", JSON.readTree(sample.out()).get("files").get(0).get("status").asText());
    }
}
