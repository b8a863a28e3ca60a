package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.cli.CliRun;
import dev.tracedeck.cli.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tracedeck render}'s arguments are refused in one line before anything is drawn. */
class RenderCommandTest {

    @TempDir
    Path dir;

    @Test
    void aPictureWithMorePixelsThanCanBeHeldIsRefusedSayingTheMost() {
        CliRun run = CliRun.run(Main.commandLine(), "render", "--no-workspace", "--view", "timeline",
                "--size", "8000x8000", "--scale", "4", "--out", dir.resolve("big.png").toString(), CliRun.BEFORE.toString());

        assertEquals(ExitCodes.USAGE, run.code(), run.err());
        assertEquals("tracedeck render: --size 8000x8000 at --scale 4 is 1,024,000,000 pixels; a picture has at most "
                + "268,435,456 (e.g. 16384x16384, or 8192x8192 at --scale 2)", run.err().strip());
    }

    @Test
    void aFileThatIsNoWorkspaceIsRefusedInOneLineAndNeverModified() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "my notes\n");
        byte[] before = Files.readAllBytes(notes);
        CliRun run = CliRun.run(Main.commandLine(), "render", "--workspace", notes.toString(), "--view", "timeline",
                "--out", dir.resolve("x.png").toString(), CliRun.BEFORE.toString());
        assertEquals(ExitCodes.USAGE, run.code(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains(notes + ": not a Tracedeck workspace"), run.err());
        assertArrayEquals(before, Files.readAllBytes(notes));
    }

    @Test
    void theFileIsReadAsTheInputFormatNamed() {
        CliRun run = CliRun.run(Main.commandLine(), "render", "--no-workspace", "--input-format", "otlp", "--view",
                "timeline", "--out", dir.resolve("x.png").toString(), CliRun.BEFORE.toString());

        assertEquals(ExitCodes.USAGE, run.code(), run.err());
        assertTrue(run.err().contains(CliRun.BEFORE + ": not otlp"), run.err());
        assertTrue(Files.notExists(dir.resolve("x.png")));
    }
}
