package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A JSON Lines file that changes on disk after it was read, before its findings are fingerprinted: their evidence is
 * a range of the file that no longer holds the record. validate (with a baseline or without), baseline write and the
 * workspace's recording stop for that file with exit 2 and a line naming the file and the line; nothing is
 * fingerprinted from the sentence a view shows in the record's place.
 */
class FileChangedWhileCheckedTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The assistant's call at line 3 gets no result: one finding, whose evidence is line 3. */
    private static final String CHAT = """
            {"role": "system", "content": "You are a booking agent."}
            {"role": "user", "content": "Book a table for two at eight."}
            {"role": "assistant", "content": "Looking for a table.", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "find_table", "arguments": "{\\"people\\": 2}"}}]}
            {"role": "user", "content": "Any luck?"}
            """;

    /** What happens to the file once it has been read. */
    enum Change {
        SAME_LENGTH("the file changed since it was opened") {
            @Override
            String apply(String text) {
                return text.replace("Looking for", "Seeking for");
            }
        },
        LONGER("the file changed since it was opened") {
            @Override
            String apply(String text) {
                return text.replace("Looking for a table.", "Looking for a table by the window.");
            }
        },
        SHORTER("the file is now shorter than when it was opened") {
            @Override
            String apply(String text) {
                return text.substring(0, text.indexOf("{\"role\": \"assistant\""));
            }
        };

        final String says;

        Change(String says) {
            this.says = says;
        }

        abstract String apply(String text);
    }

    @TempDir
    Path dir;

    private Path chat() throws IOException {
        return Files.writeString(dir.resolve("booking.jsonl"), CHAT);
    }

    /** The import, then {@code change} made to the file it read. */
    private static FileChecks.Reading changedAfterImport(Change change) {
        return (importers, file, progress) -> {
            Trace trace = FileChecks.Reading.IMPORT.read(importers, file, progress);
            try {
                Files.writeString(file, change.apply(Files.readString(file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return trace;
        };
    }

    private static void saysTheFileAndLineChanged(CliRun run, Path file, Change change) {
        assertEquals(ExitCodes.USAGE, run.code(), run.out() + run.err());
        assertTrue(run.err().contains(file + ":3: cannot read the record back as it was read: " + change.says), run.err());
        assertEquals(1, run.err().lines().count(), "one line: " + run.err());
        assertFalse(run.err().contains("[this record's text"), "the placeholder is for views: " + run.err());
    }

    @ParameterizedTest
    @EnumSource(Change.class)
    void validateWithABaselineStopsForTheFileInsteadOfReportingItsKnownFindingsAsNew(Change change) throws Exception {
        Path file = chat();
        Path baseline = dir.resolve("baseline.json");
        CliRun written = CliRun.of("baseline", "write", "--no-workspace", "--output", baseline.toString(), file.toString());
        assertEquals(ExitCodes.OK, written.code(), written.err());
        assertEquals(ExitCodes.OK, CliRun.of("validate", "--no-workspace", "--baseline", baseline.toString(), file.toString()).code(),
                "unchanged, its one finding is known");

        CliRun run = CliRun.reading(changedAfterImport(change), "validate", "--no-workspace", "--baseline",
                baseline.toString(), "--format", "json", file.toString());

        saysTheFileAndLineChanged(run, file, change);
        assertEquals(0, JSON.readTree(run.out()).get("files").size(), "no report of the file, so no new finding: " + run.out());
    }

    @ParameterizedTest
    @EnumSource(Change.class)
    void validateWithoutABaselinePrintsNoFingerprintOfTheFile(Change change) throws Exception {
        Path file = chat();
        CliRun run = CliRun.reading(changedAfterImport(change), "validate", "--no-workspace", "--format", "json", file.toString());

        saysTheFileAndLineChanged(run, file, change);
        assertFalse(run.out().contains("fingerprint"), run.out());
    }

    @ParameterizedTest
    @EnumSource(Change.class)
    void baselineWriteWritesNoBaseline(Change change) throws Exception {
        Path file = chat();
        Path baseline = dir.resolve("baseline.json");
        CliRun run = CliRun.reading(changedAfterImport(change), "baseline", "write", "--no-workspace", "--output",
                baseline.toString(), file.toString());

        saysTheFileAndLineChanged(run, file, change);
        assertFalse(Files.exists(baseline), "no baseline of fingerprints that were never the record's");
    }

    @ParameterizedTest
    @EnumSource(Change.class)
    void theWorkspaceRecordsNothingOfTheFile(Change change) throws Exception {
        Path file = chat();
        Path ws = dir.resolve("ws.db");
        for (String[] command : new String[][] {{"validate"}, {"baseline", "write"}}) {
            String[] args = new String[command.length + 3];
            System.arraycopy(command, 0, args, 0, command.length);
            args[command.length] = "--workspace";
            args[command.length + 1] = ws.toString();
            args[command.length + 2] = file.toString();
            Files.writeString(file, CHAT);
            CliRun run = CliRun.reading(changedAfterImport(change), args);

            saysTheFileAndLineChanged(run, file, change);
            try (WorkspaceStore store = WorkspaceStore.open(ws, Clock.systemUTC())) {
                assertEquals(0, store.runs().size(), String.join(" ", command) + " recorded the file");
                assertEquals(0, store.fingerprintsStartingWith("").size(), "no fingerprints recorded");
            }
        }
    }

    @Test
    void theWorkspaceRecordsTheFingerprintsTheBaselineWrites() throws Exception {
        Path file = chat();
        Path ws = dir.resolve("ws.db");
        Path baseline = dir.resolve("baseline.json");
        CliRun written = CliRun.of("baseline", "write", "--workspace", ws.toString(), "--output", baseline.toString(),
                file.toString());
        assertEquals(ExitCodes.OK, written.code(), written.err());
        String fingerprint = JSON.readTree(baseline.toFile()).get("findings").get(0).get("fingerprint").asText();
        try (WorkspaceStore store = WorkspaceStore.open(ws, Clock.systemUTC())) {
            assertEquals(java.util.List.of(fingerprint), store.fingerprintsStartingWith(""));
        }
    }

    @Test
    void aFileThatOnlyGrewAfterItWasReadStillHasItsRecordsAndIsChecked() throws Exception {
        Path file = chat();
        Path baseline = dir.resolve("baseline.json");
        assertEquals(ExitCodes.OK, CliRun.of("baseline", "write", "--no-workspace", "--output", baseline.toString(),
                file.toString()).code());
        FileChecks.Reading appended = (importers, read, progress) -> {
            Trace trace = FileChecks.Reading.IMPORT.read(importers, read, progress);
            try {
                Files.writeString(read, CHAT + "{\"role\": \"assistant\", \"content\": \"Still looking.\"}\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return trace;
        };

        CliRun run = CliRun.reading(appended, "validate", "--no-workspace", "--baseline", baseline.toString(),
                "--format", "json", file.toString());

        assertEquals(ExitCodes.OK, run.code(), run.err());
        JsonNode summary = JSON.readTree(run.out()).get("files").get(0).get("summary");
        assertEquals(1, summary.get("known").asInt(), "the record read is still there: its finding is known");
    }
}
