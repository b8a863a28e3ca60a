package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.cli.CliRun;
import dev.tracedeck.cli.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The program's own parser decides which JVM a command line needs (the launcher runs everything in the batch JVM
 * first and starts the window's or render's only when handed back): the window only without a subcommand, never for
 * a mistyped one; render whatever files the directory holds.
 */
class JvmHandoffTest {

    private static final String FILE = CliRun.AFTER.toString();

    @TempDir
    Path dir;

    @Test
    void theWindowOpensOnlyWithoutASubcommand() {
        assertEquals(OptionalInt.of(JvmHandoff.DESKTOP), JvmHandoff.decide("--format", "mycelian-log", FILE));
        assertEquals(OptionalInt.of(JvmHandoff.DESKTOP), JvmHandoff.decide(FILE));
        assertEquals(OptionalInt.of(JvmHandoff.DESKTOP), JvmHandoff.decide());
        assertEquals(OptionalInt.empty(), JvmHandoff.decide("validate", FILE));
        assertEquals(OptionalInt.empty(), JvmHandoff.decide("--help"));
        assertEquals(OptionalInt.empty(), JvmHandoff.decide("--version"));
        assertEquals(OptionalInt.empty(), JvmHandoff.decide("--no-such-option"), "said by the batch JVM's parser");
    }

    @Test
    void theCommandLineThatDecidedRunsAsAFreshOneWould() {
        String[] args = {"validate", "--format", "json", CliRun.BEFORE.toString(), FILE};
        picocli.CommandLine decided = Main.commandLine(args);
        assertEquals(OptionalInt.empty(), JvmHandoff.decide(decided, args));

        CliRun reused = CliRun.run(decided, args);
        CliRun fresh = CliRun.run(Main.commandLine(args), args);
        assertEquals(fresh.code(), reused.code());
        assertEquals(fresh.err(), reused.err());
        assertEquals(fresh.out(), reused.out(), "both files once, the options as given");
        assertTrue(reused.out().contains("before-prebuilt-react.log") && reused.out().contains("after-tool-only.log"),
                reused.out());
    }

    @Test
    void renderDrawsWhateverFilesTheDirectoryHolds() throws Exception {
        Files.writeString(dir.resolve("render"), "a file named like the command\n");
        assertEquals(OptionalInt.of(JvmHandoff.RENDER),
                JvmHandoff.decide("render", "--view", "timeline", "--out", dir.resolve("t.png").toString(), FILE));
        assertEquals(OptionalInt.empty(), JvmHandoff.decide("render", "--help"));
        assertEquals(OptionalInt.of(JvmHandoff.DESKTOP), JvmHandoff.decide(dir.resolve("render").toString()),
                "a path to the file opens it");
    }

    @Test
    void aMistypedSubcommandIsAnsweredByTheParserNotTheWindow() {
        assertEquals(OptionalInt.empty(), JvmHandoff.decide("valdate", FILE));

        CliRun run = CliRun.run(Main.commandLine(), "valdate", FILE);
        assertEquals(ExitCodes.USAGE, run.code(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("tracedeck: Unknown command 'valdate' (and no file of that name). Did you mean "
                + "'validate'?"), run.err());
    }
}
