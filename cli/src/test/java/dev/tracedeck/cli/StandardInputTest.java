package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -} reads standard input, and a FIFO is read like a file: once, with the report of the same bytes in a file;
 * neither is recorded in the workspace, which says so. A hang fails the test.
 */
class StandardInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration HANG = Duration.ofSeconds(60);
    private static final Path TRIMMED = CliRun.SAMPLES.resolve("trimmed-state.log");
    private static final Path CHAT = Path.of("../sample-logs/openai/cut-short.jsonl");

    @TempDir
    Path dir;

    @Test
    void dashValidatesStandardInputAsTheFileIsValidated() throws Exception {
        for (Path sample : new Path[] {TRIMMED, CHAT}) {
            CliRun file = CliRun.of("validate", "--no-workspace", "--format", "json", sample.toString());
            CliRun stdin = assertTimeoutPreemptively(HANG, () -> CliRun.withStdin(Files.readAllBytes(sample),
                    "validate", "--no-workspace", "--format", "json", "-"));

            assertEquals(ExitCodes.FINDINGS, stdin.code(), stdin.err());
            assertEquals("", stdin.err());
            assertEquals("-", JSON.readTree(stdin.out()).at("/files/0/file").asText(), stdin.out());
            assertEquals(findings(file.out()), findings(stdin.out()), sample.toString());
        }
    }

    @Test
    void gzipThroughStandardInputIsDecompressed() throws Exception {
        CliRun file = CliRun.of("validate", "--no-workspace", "--format", "json", CHAT.toString());
        CliRun stdin = assertTimeoutPreemptively(HANG, () -> CliRun.withStdin(gzip(Files.readAllBytes(CHAT)),
                "validate", "--no-workspace", "--format", "json", "-"));

        assertEquals(ExitCodes.FINDINGS, stdin.code(), stdin.err());
        assertEquals(findings(file.out()), findings(stdin.out()));
    }

    @Test
    void dashGivenTwiceIsReadOnce() throws Exception {
        CliRun run = assertTimeoutPreemptively(HANG, () -> CliRun.withStdin(Files.readAllBytes(TRIMMED),
                "validate", "--no-workspace", "--format", "json", "-", "-"));

        assertEquals(ExitCodes.FINDINGS, run.code(), run.err());
        assertEquals(1, JSON.readTree(run.out()).get("files").size(), run.out());
        assertEquals("tracedeck validate: - is given more than once; read once", run.err().strip());
    }

    @Test
    void standardInputIsCheckedButNotRecorded() throws Exception {
        String ws = dir.resolve("ws.db").toString();
        byte[] bytes = Files.readAllBytes(TRIMMED);
        CliRun validate = assertTimeoutPreemptively(HANG, () -> CliRun.withStdin(bytes, "validate", "--workspace", ws, "-"));
        CliRun inspect = assertTimeoutPreemptively(HANG, () -> CliRun.withStdin(bytes, "inspect", "--workspace", ws, "-"));
        CliRun tokens = assertTimeoutPreemptively(HANG, () -> CliRun.withStdin(bytes, "tokens", "--workspace", ws, "-"));

        assertEquals(ExitCodes.FINDINGS, validate.code(), validate.err());
        assertEquals("tracedeck validate: - (standard input) is not recorded in the workspace: it can't be read again "
                + "to tell later whether it changed", validate.err().strip());
        assertEquals(ExitCodes.OK, inspect.code(), inspect.err());
        assertTrue(inspect.out().contains("mycelian-log"), inspect.out());
        assertTrue(inspect.err().contains("- (standard input) is not recorded"), inspect.err());
        assertEquals(ExitCodes.OK, tokens.code(), tokens.err());
        assertTrue(tokens.err().contains("- (standard input) is not recorded"), tokens.err());
        assertEquals("[ ]", CliRun.of("runs", "--workspace", ws, "--json").out().strip());
    }

    @Test
    void aFifoIsReadOnceAndNotRecorded() throws Exception {
        Path fifo = dir.resolve("trace.log");
        Assumptions.assumeTrue(mkfifo(fifo), "mkfifo is there (POSIX)");
        byte[] bytes = Files.readAllBytes(TRIMMED);
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                out.write(bytes);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        writer.setDaemon(true);
        writer.start();

        String ws = dir.resolve("ws.db").toString();
        CliRun run = assertTimeoutPreemptively(HANG, () -> CliRun.of("validate", "--workspace", ws, "--format", "json",
                fifo.toString()));

        assertEquals(ExitCodes.FINDINGS, run.code(), run.err());
        assertEquals(findings(CliRun.of("validate", "--no-workspace", "--format", "json", TRIMMED.toString()).out()),
                findings(run.out()));
        assertEquals("tracedeck validate: " + fifo + " (not a regular file) is not recorded in the workspace: it can't "
                + "be read again to tell later whether it changed", run.err().strip());
    }

    /** Each finding's rule, message and lines (the file's name left out). */
    private static String findings(String report) throws IOException {
        StringBuilder all = new StringBuilder();
        for (JsonNode thread : JSON.readTree(report).at("/files/0/threads")) {
            for (JsonNode check : thread.get("checks")) {
                for (JsonNode finding : check.path("findings")) {
                    all.append(thread.get("id").asText()).append(' ').append(check.get("rule").asText()).append(' ')
                            .append(finding.get("message").asText()).append(' ').append(finding.path("evidence")).append('\n');
                }
            }
        }
        assertTrue(all.length() > 0, "the sample has findings: " + report);
        return all.toString();
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(bytes);
        }
        return out.toByteArray();
    }

    private static boolean mkfifo(Path fifo) {
        try {
            return new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
