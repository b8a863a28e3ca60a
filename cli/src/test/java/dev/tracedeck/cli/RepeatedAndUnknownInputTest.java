package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file given twice is read once; a fingerprint nothing recorded is refused; a picture too big to hold is refused up front. */
class RepeatedAndUnknownInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aFileGivenTwiceIsCheckedOnceAndSaidOnce() throws Exception {
        Path other = Path.of("..", "sample-logs", ".", "mycelian", CliRun.BEFORE.getFileName().toString());
        CliRun run = CliRun.of("validate", "--no-workspace", "--format", "json", CliRun.BEFORE.toString(),
                CliRun.BEFORE.toString(), other.toString());

        assertEquals(ExitCodes.FINDINGS, run.code(), run.err());
        assertEquals(1, JSON.readTree(run.out()).get("files").size(), run.out());
        assertEquals(2, run.err().lines().count(), run.err());
        assertTrue(run.err().contains(CliRun.BEFORE + " is given more than once; read once"), run.err());
        assertTrue(run.err().contains(other + " is the same file as " + CliRun.BEFORE), run.err());

        CliRun inspect = CliRun.of("inspect", "--no-workspace", "--json", CliRun.BEFORE.toString(), CliRun.BEFORE.toString());
        assertEquals(1, JSON.readTree(inspect.out()).size(), inspect.out());
    }

    @Test
    void aFingerprintNothingRecordedIsRefused() throws Exception {
        String ws = dir.resolve("ws.db").toString();
        CliRun report = CliRun.of("validate", "--workspace", ws, "--format", "json", CliRun.BEFORE.toString());
        JsonNode recorded = JSON.readTree(report.out()).findValue("fingerprint");
        String unknown = "0".repeat(64);

        CliRun mark = CliRun.of("triage", "--workspace", ws, unknown, "accepted");
        assertEquals(ExitCodes.USAGE, mark.code(), mark.out());
        assertEquals("tracedeck triage: " + unknown + " matches no recorded finding (validate the trace with this "
                + "workspace first)", mark.err().strip());
        assertEquals("", CliRun.of("triage", "--workspace", ws).out(), "nothing marked");
        assertEquals(ExitCodes.OK, CliRun.of("triage", "--workspace", ws, recorded.asText(), "accepted").code());
        assertEquals(ExitCodes.OK, CliRun.of("triage", "--workspace", ws, recorded.asText(), "clear").code());
    }
}
