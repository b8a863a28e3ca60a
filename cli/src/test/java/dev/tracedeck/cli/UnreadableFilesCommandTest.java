package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.importers.registry.Importers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** validate and inspect give no verdict on a file they could not read, and say what they could not read. */
class UnreadableFilesCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aFileOfNoKnownFormatIsRefusedNotPassed() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "RESULT of the load test: p95 310 ms\nok\n");
        for (String command : new String[] {"validate", "inspect"}) {
            CliRun run = CliRun.of(command, notes.toString());
            assertEquals(ExitCodes.USAGE, run.code(), command + ": " + run.out() + run.err());
            assertTrue(run.err().contains(notes + ": not a format Tracedeck knows; tried: " + String.join(", ", Importers.standard().formatIds())),
                    run.err());
            assertTrue(!run.out().contains("0 errors"), "no verdict: " + run.out());
        }
    }

    @Test
    void anEmptyFileSaysItIsEmpty() throws Exception {
        Path empty = Files.writeString(dir.resolve("run.log"), "");
        CliRun run = CliRun.of("validate", empty.toString());
        assertEquals(ExitCodes.USAGE, run.code());
        assertTrue(run.err().contains(empty + ": is empty"), run.err());
    }

    @Test
    void aGoodFileBesideARefusedOneIsStillReportedButTheRunFails() throws Exception {
        Path notes = Files.writeString(dir.resolve("pom.xml"), "<project><modelVersion>4.0.0</modelVersion></project>\n");
        CliRun run = CliRun.of("validate", "--format", "json", CliRun.AFTER.toString(), notes.toString());
        assertEquals(ExitCodes.USAGE, run.code());
        JsonNode files = JSON.readTree(run.out()).get("files");
        assertEquals(1, files.size(), "only the file that was read has a report");
    }

    @Test
    void aCutShortGzipIsCheckedAsFarAsItGoesAndFailsOnWhatWasLost() throws Exception {
        byte[] log = Files.readAllBytes(CliRun.SAMPLES.resolve("after-tool-only.log"));
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(log);
        }
        Path cut = Files.write(dir.resolve("crashed.log.gz"), Arrays.copyOf(gz.toByteArray(), gz.size() / 2));

        CliRun run = CliRun.of("validate", "--format", "json", cut.toString());
        assertEquals(ExitCodes.FINDINGS, run.code(), run.err());
        JsonNode unparsed = null;
        for (JsonNode thread : JSON.readTree(run.out()).get("files").get(0).get("threads")) {
            for (JsonNode check : thread.get("checks")) {
                if (check.get("rule").asText().equals("unparsed-records")) {
                    for (JsonNode finding : check.get("findings")) {
                        if (finding.get("message").asText().contains("the file is cut short after line")) {
                            unparsed = finding;
                        }
                    }
                }
            }
        }
        assertTrue(unparsed != null, run.out());
        assertTrue(unparsed.get("evidence").get(0).get("line").asInt() > 100, unparsed.toString());
    }

    @Test
    void aLoneResponseCutShortAfterItsAnswerFailsOnWhatWasLostAndNotOnItsCall() throws Exception {
        byte[] response = Files.readAllBytes(Path.of("../sample-logs/anthropic/lone-response.json"));
        String text = new String(response, java.nio.charset.StandardCharsets.UTF_8);
        Path cut = Files.write(dir.resolve("response.json"), Arrays.copyOf(response, text.indexOf("\"usage\"") + 20));

        CliRun run = CliRun.of("validate", "--format", "json", cut.toString());
        assertEquals(ExitCodes.FINDINGS, run.code(), run.err());
        JsonNode checks = JSON.readTree(run.out()).get("files").get(0).get("threads").get(0).get("checks");
        String unparsed = "";
        String orphaned = "";
        for (JsonNode check : checks) {
            if (check.get("rule").asText().equals("unparsed-records")) {
                unparsed = check.get("status").asText();
            } else if (check.get("rule").asText().equals("orphaned-tool-call")) {
                orphaned = check.get("status").asText();
            }
        }
        assertEquals("fail", unparsed, run.out());
        assertEquals("n/a", orphaned, "what the cut took was the rest of the response, not its call's result: " + run.out());
    }

    @Test
    void inspectReportsWhereACutShortFileStopped() throws IOException {
        byte[] log = Files.readAllBytes(CliRun.BEFORE);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(log);
        }
        Path cut = Files.write(dir.resolve("before.log.gz"), Arrays.copyOf(gz.toByteArray(), gz.size() / 3));
        CliRun run = CliRun.of("inspect", "--json", cut.toString());
        assertEquals(ExitCodes.OK, run.code(), run.err());
        JsonNode file = JSON.readTree(run.out()).get(0);
        assertEquals(1, file.get("malformedRecords").asInt());
        boolean said = false;
        for (JsonNode problem : file.get("problems")) {
            said |= problem.get("message").asText().contains("cut short");
        }
        assertTrue(said, file.get("problems").toString());
    }
}
