package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tracedeck's own failures and lost output never end as a success or as 1, the code of findings: out of memory
 * and internal errors exit {@link ExitCodes#INTERNAL} with one line (after the report of the files checked before),
 * output that did not reach its stream exits {@link ExitCodes#USAGE} with one line.
 */
class FailureExitCodesTest {

    @TempDir
    Path dir;

    /** Reads {@link CliRun#AFTER} as it is and fails on any other file with {@code failure}. */
    private static FileChecks.Reading failingAfterFirst(Error failure) {
        return (importers, file, progress) -> {
            if (file.equals(CliRun.AFTER)) {
                return FileChecks.Reading.IMPORT.read(importers, file, progress);
            }
            throw failure;
        };
    }

    @Test
    void outOfMemoryIsOneLineWithItsOwnCodeAfterTheFilesReadBefore() {
        CliRun run = CliRun.reading(failingAfterFirst(new OutOfMemoryError("Java heap space")),
                "validate", "--no-workspace", CliRun.AFTER.toString(), CliRun.BEFORE.toString());

        assertEquals(ExitCodes.INTERNAL, run.code(), run.err());
        assertTrue(run.out().contains("after-tool-only.log"), "the file read before is still reported: " + run.out());
        assertFalse(run.out().contains("before-prebuilt-react.log"), run.out());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("tracedeck validate: " + CliRun.BEFORE + ": ran out of memory"), run.err());
        assertTrue(run.err().contains("TRACEDECK_JAVA_OPTS=-Xmx"), run.err());
    }

    @Test
    void anInternalErrorIsOneLineWithItsOwnCode() {
        CliRun run = CliRun.reading((importers, file, progress) -> {
            throw new IllegalStateException("a rule lost its place");
        }, "validate", "--no-workspace", CliRun.BEFORE.toString());

        assertEquals(ExitCodes.INTERNAL, run.code(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains("internal error: java.lang.IllegalStateException: a rule lost its place"), run.err());
    }

    @Test
    void anyCommandsFailureIsOneLineWithItsOwnCode() {
        CliRun run = CliRun.reading(failingAfterFirst(new OutOfMemoryError("Java heap space")),
                "baseline", "write", "--no-workspace", CliRun.BEFORE.toString());

        assertEquals(ExitCodes.INTERNAL, run.code(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains("ran out of memory"), run.err());

        CliRun thrown = CliRun.reading((importers, file, progress) -> {
            throw new IllegalArgumentException("no such thing");
        }, "baseline", "write", "--no-workspace", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.INTERNAL, thrown.code(), thrown.err());
        assertEquals(1, thrown.err().lines().count(), thrown.err());
    }

    @Test
    void outputToAClosedStreamIsAFailure() {
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Stream closed");
            }
        };
        CliRun run = CliRun.writingTo(closed, "inspect", "--no-workspace", CliRun.BEFORE.toString());

        assertEquals(ExitCodes.USAGE, run.code(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains("cannot write to standard output"), run.err());
    }

    @Test
    void outputToAFullDiskIsAFailure() throws IOException {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.isWritable(full), "no /dev/full here");
        try (OutputStream out = new FileOutputStream(full.toFile())) {
            CliRun run = CliRun.writingTo(out, "validate", "--no-workspace", CliRun.BEFORE.toString());
            assertEquals(ExitCodes.USAGE, run.code(), run.err());
            assertTrue(run.err().contains("cannot write to standard output"), run.err());
        }
        CliRun toFile = CliRun.of("validate", "--no-workspace", "--output", full.toString(), CliRun.BEFORE.toString());
        assertEquals(ExitCodes.USAGE, toFile.code(), toFile.err());
        assertEquals(1, toFile.err().lines().count(), toFile.err());
    }
}
