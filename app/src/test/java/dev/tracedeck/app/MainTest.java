package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.cli.CliRun;
import dev.tracedeck.cli.CommandLines;
import dev.tracedeck.cli.ExitCodes;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code tracedeck}: every command of the cli module is on its command line, and what the window is opened with is
 * checked before it opens, as a command's would be.
 */
class MainTest {

    private static final String CLI_PACKAGE = "dev.tracedeck.cli";

    @TempDir
    Path dir;

    /**
     * Main lists the commands by hand, so that --help keeps their order: a command added to cli and not to Main would
     * be unreachable.
     */
    @Test
    void everyCommandOfTheCliModuleIsOnTheCommandLine() throws Exception {
        List<Class<?>> listed = Main.commandLine().getSubcommands().values().stream()
                .<Class<?>>map(command -> command.getCommandSpec().userObject().getClass()).toList();
        List<String> commands = new ArrayList<>();
        for (String name : topLevelClassesOfTheCliPackage()) {
            Class<?> type = Class.forName(name);
            if (type.isAnnotationPresent(Command.class)) {
                commands.add(name);
                assertTrue(listed.contains(type), type.getSimpleName() + " is not a subcommand of Main");
            }
        }
        assertTrue(commands.size() >= 10, "the cli module's commands were found: " + commands);
    }

    /**
     * A command line whose first word names a command is parsed with that command alone under the root (a batch run
     * starts sooner): it reads, explains and refuses as the whole command line does.
     */
    @Test
    void aCommandAloneParsesAsTheWholeCommandLine() {
        for (String name : Main.commandLine().getSubcommands().keySet()) {
            if (name.equals("help")) {
                continue;
            }
            CommandLine alone = Main.commandLine(name, "--help");
            assertEquals(List.of(name), List.copyOf(alone.getSubcommands().keySet()));
            assertEquals(Main.commandLine().getSubcommands().get(name).getUsageMessage(),
                    alone.getSubcommands().get(name).getUsageMessage(), name);
            for (String[] args : List.of(new String[] {name, "--no-such-option"}, new String[] {name, "--help"},
                    new String[] {name, "--version"})) {
                assertEquals(CliRun.run(Main.commandLine(), args), CliRun.run(Main.commandLine(args), args), String.join(" ", args));
            }
        }
        assertEquals(Main.commandLine().getSubcommands().keySet(), Main.commandLine("help", "inspect").getSubcommands().keySet());
        assertEquals(Main.commandLine().getSubcommands().keySet(), Main.commandLine("no-such-command").getSubcommands().keySet());
    }

    /** A command line that can only open the window is parsed by the root alone, to the same options and files. */
    @Test
    void aWindowsCommandLineParsesAsTheWholeCommandLine() {
        String after = CliRun.AFTER.toString();
        List<String[]> windows = List.of(new String[] {}, new String[] {after}, new String[] {"--follow", after, after},
                new String[] {"--screenshot=/tmp/x.png", "--screenshot-after=500", after},
                new String[] {"--workspace", "/tmp/w.db", "--parse-text-calls", after});
        for (String[] args : windows) {
            assertTrue(Main.opensTheWindowOnly(args), String.join(" ", args));
            CommandLine alone = Main.commandLine(args);
            assertTrue(alone.getSubcommands().isEmpty(), String.join(" ", args));
            assertEquals(parsed(Main.commandLine(), args), parsed(alone, args), String.join(" ", args));
        }
        for (String[] args : List.of(new String[] {"--help"}, new String[] {"-hV"}, new String[] {"--version"},
                new String[] {after, "inspect", after}, new String[] {"--format", "openai", after}, new String[] {"valdate"})) {
            assertFalse(Main.opensTheWindowOnly(args), String.join(" ", args));
        }
        String[] mistaken = {"--screenshot-after=soon", after};
        assertEquals(Main.commandLine().getSubcommands().keySet(), Main.commandLine(mistaken).getSubcommands().keySet(),
                "a mistake is said with the usage, which lists the commands");
        assertEquals(CliRun.run(Main.commandLine(), mistaken), CliRun.run(Main.commandLine(mistaken), mistaken));
    }

    /** Each matched option's names and value, and the files: what a parse gave the window. */
    private static List<String> parsed(CommandLine cli, String... args) {
        CommandLine.ParseResult result = cli.parseArgs(args);
        List<String> parsed = new ArrayList<>();
        result.matchedOptions().forEach(o -> parsed.add(o.longestName() + "=" + o.getValue()));
        result.matchedPositionals().forEach(p -> parsed.add("files=" + p.getValue()));
        parsed.add("subcommand=" + result.hasSubcommand());
        return parsed;
    }

    /** The classes directly in dev.tracedeck.cli, read from its jar or, in an IDE, its classes folder. */
    private static List<String> topLevelClassesOfTheCliPackage() throws IOException, URISyntaxException {
        Path location = Path.of(CommandLines.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (FileSystem jar = Files.isDirectory(location) ? null : FileSystems.newFileSystem(location);
             Stream<Path> files = Files.list((jar == null ? location : jar.getPath("/")).resolve(CLI_PACKAGE.replace('.', '/')))) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".class") && !name.contains("$"))
                    .map(name -> CLI_PACKAGE + "." + name.substring(0, name.length() - ".class".length()))
                    .sorted().toList();
        }
    }

    @Test
    void theAppRefusesAWorkspaceUrlWithAPasswordBeforeOpeningAWindowAndNeverRepeatsIt() {
        CliRun run = CliRun.run(Main.commandLine(), "--workspace", "postgresql://qa:hunter2@db.example/team",
                CliRun.AFTER.toString());
        assertEquals(ExitCodes.USAGE, run.code());
        assertTrue(run.err().startsWith("tracedeck: --workspace: "), run.err());
        assertTrue(run.err().contains("must not carry a password"), run.err());
        assertFalse(run.err().contains("hunter2"), run.err());
    }

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
