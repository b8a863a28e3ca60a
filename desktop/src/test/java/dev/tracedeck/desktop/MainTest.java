package dev.tracedeck.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.cli.CliRun;
import dev.tracedeck.cli.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tracedeck [FILE...]}: what the window is opened with is checked before it opens, as a command's would be. */
class MainTest {

    @TempDir
    Path dir;

    @Test
    void theAppRefusesABadConfigurationBeforeOpeningAWindow() throws Exception {
        Path config = Files.writeString(dir.resolve("rules.json"), "{\"rules\": {\"nope\": {}}}");
        CliRun run = CliRun.run(Main.commandLine(), "--config", config.toString(), CliRun.AFTER.toString());
        assertEquals(ExitCodes.USAGE, run.code());
        assertTrue(run.err().startsWith("tracedeck: " + config + ":1: unknown rule \"nope\""), run.err());
    }

    @Test
    void aTimeForTheScreenshotWithoutAScreenshotIsAUsageError() {
        CliRun run = CliRun.run(Main.commandLine(), "--screenshot-after=500", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.USAGE, run.code(), run.err());
        assertTrue(run.err().contains("--screenshot-after needs --screenshot"), run.err());
    }
}
