package dev.tracedeck.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workspace on a read-only directory (a read-only mount, a shared copy): the commands that only read it — runs,
 * search, triage's listing — read it; the commands that record say in one line that it is read-only.
 */
class ReadOnlyWorkspaceTest {

    @TempDir
    Path dir;

    private Path shelf;

    @AfterEach
    void writableAgain() throws Exception {
        if (shelf != null) {
            Files.setPosixFilePermissions(shelf, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void readingCommandsReadAReadOnlyWorkspaceAndRecordingOnesSaySo() throws Exception {
        shelf = Files.createDirectory(dir.resolve("shelf"));
        Path ws = shelf.resolve("ws.db");
        assertEquals(ExitCodes.FINDINGS, CliRun.of("validate", "--workspace", ws.toString(), CliRun.BEFORE.toString()).code());
        assertEquals(ExitCodes.OK, CliRun.of("search", "--workspace", ws.toString(), "add_entry").code(), "indexes the first");
        assertEquals(ExitCodes.OK, CliRun.of("inspect", "--workspace", ws.toString(), CliRun.AFTER.toString()).code());
        assumeTrue(Files.getFileStore(shelf).supportsFileAttributeView("posix"), "no POSIX permissions here");
        Files.setPosixFilePermissions(ws, PosixFilePermissions.fromString("r--r--r--"));
        Files.setPosixFilePermissions(shelf, PosixFilePermissions.fromString("r-x------"));
        // Root writes whatever the permissions say: then nothing here is read-only.
        assumeFalse(Files.isWritable(shelf), "permissions don't bind this user (root)");

        CliRun runs = CliRun.of("runs", "--workspace", ws.toString());
        assertEquals(ExitCodes.OK, runs.code(), runs.err());
        assertTrue(runs.out().contains("before-prebuilt-react.log"), runs.out());
        CliRun search = CliRun.of("search", "--workspace", ws.toString(), "add_entry");
        assertEquals(ExitCodes.OK, search.code(), search.err());
        assertTrue(search.out().contains("before-prebuilt-react.log"), search.out());
        assertEquals("tracedeck search: not searched, 1 recorded file not indexed yet: " + CliRun.AFTER.toAbsolutePath()
                + "; the workspace is read-only, so this search could not index it", search.err().strip());
        assertEquals(ExitCodes.OK, CliRun.of("triage", "--workspace", ws.toString()).code());

        CliRun inspect = CliRun.of("inspect", "--workspace", ws.toString(), CliRun.BEFORE.toString());
        assertEquals(ExitCodes.USAGE, inspect.code(), inspect.err());
        assertEquals("tracedeck inspect: " + ws + ": the workspace is read-only (the file can't be written); give another "
                + "--workspace, or --no-workspace to record nothing", inspect.err().strip());
        assertEquals(1, Files.list(shelf).count(), "nothing beside the workspace");
    }
}
