package dev.tracedeck.app;

import dev.tracedeck.cli.AlignCommand;
import dev.tracedeck.cli.BaselineCommand;
import dev.tracedeck.cli.CommandLines;
import dev.tracedeck.cli.CompareCommand;
import dev.tracedeck.cli.ConvertCommand;
import dev.tracedeck.cli.CostCommand;
import dev.tracedeck.cli.ExitCodes;
import dev.tracedeck.cli.InputFormatOption;
import dev.tracedeck.cli.InspectCommand;
import dev.tracedeck.cli.ListenCommand;
import dev.tracedeck.cli.ParseTextCallsOption;
import dev.tracedeck.cli.PricesCommand;
import dev.tracedeck.cli.FreezeCommand;
import dev.tracedeck.cli.PruneCommand;
import dev.tracedeck.cli.RuleConfigOption;
import dev.tracedeck.cli.RunsCommand;
import dev.tracedeck.cli.SearchCommand;
import dev.tracedeck.cli.McpCommand;
import dev.tracedeck.cli.NotesCommand;
import dev.tracedeck.cli.MemoryCommand;
import dev.tracedeck.cli.TextCallsCommand;
import dev.tracedeck.cli.TokensCommand;
import dev.tracedeck.cli.TriageCommand;
import dev.tracedeck.cli.ValidateCommand;
import dev.tracedeck.cli.WatchCommand;
import dev.tracedeck.cli.WorkspaceCommand;
import dev.tracedeck.workspace.WorkspaceAddress;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.desktop.window.DesktopLauncher;
import dev.tracedeck.desktop.window.LaunchOptions;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The one entry point: {@code tracedeck [FILE...]} opens the desktop app, {@code tracedeck inspect} and the
 * other subcommands run headless. Not a JavaFX {@code Application}, so the app runs from a plain classpath. The
 * command line is the cli module's commands, which never see JavaFX, and this module's render, which draws the
 * desktop module's views, listed together in the order {@code --help} shows them. This module is the only one that
 * sees both front ends: the window itself knows no command line.
 */
@Command(name = "tracedeck", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "A debugger for the traces and memory state of LLM agents.%n"
                + "Without a command, opens the desktop app on the given files.",
        exitCodeOnInvalidInput = ExitCodes.USAGE, exitCodeOnExecutionException = ExitCodes.USAGE)
public final class Main implements Callable<Integer> {

    /** {@code --version}: the build's version, as the About box and the reports say it. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"Tracedeck " + dev.tracedeck.model.ToolVersion.get()};
        }
    }

    /** The subcommands, in the order {@code --help} lists them. */
    private static final List<Class<?>> COMMANDS = List.of(InspectCommand.class, ValidateCommand.class,
            ListenCommand.class, WatchCommand.class, ConvertCommand.class, TokensCommand.class, CostCommand.class, PricesCommand.class, PruneCommand.class, FreezeCommand.class,
            CompareCommand.class, AlignCommand.class, RenderCommand.class, TextCallsCommand.class, MemoryCommand.class, RunsCommand.class, SearchCommand.class,
            BaselineCommand.class, TriageCommand.class, NotesCommand.class, McpCommand.class, WorkspaceCommand.class, CommandLine.HelpCommand.class);

    @Parameters(arity = "0..*", paramLabel = "FILE", description = "Logs or dumps to open (.log .jsonl .json, optionally .gz; a Claude Code project folder).")
    private List<Path> files = new ArrayList<>();

    @Option(names = "--screenshot", paramLabel = "PNG",
            description = "Open the files, wait for the import, save a picture of the window to PNG and exit.")
    private Path screenshot;

    @Option(names = "--screenshot-after", paramLabel = "MS",
            description = "With --screenshot: take the picture MS milliseconds after start, loaded or not, instead of once "
                    + "the files are imported and checked (if the window comes up later, at once then, saying when on "
                    + "standard error).")
    private Long screenshotAfter;

    public static void main(String[] args) {
        // The desktop app returns here once its window has closed, so every command can end the process.
        if (JvmHandoff.javaFxPresent() && opensTheWindowOnly(args)) {
            DesktopLauncher.startToolkitAhead();
        }
        // One model of the command line decides the JVM and then runs there: picocli makes it by reflection, cold.
        CommandLine cli = commandLine(args);
        OptionalInt handoff = JvmHandoff.of(cli, args);
        System.exit(handoff.isPresent() ? handoff.getAsInt() : CommandLines.run(cli, args));
    }

    /** The whole command line: the window's options, the cli module's commands and render. */
    public static CommandLine commandLine() {
        return commandLine(CommandLine.defaultFactory());
    }

    /** With {@code factory} making the commands (tests hand some of them what they read). */
    static CommandLine commandLine(CommandLine.IFactory factory) {
        return CommandLines.of(new Main(), factory, COMMANDS);
    }

    /**
     * The command line {@code args} need: when their first word is a subcommand's name, the root with that subcommand
     * alone, which parses them, runs them and says what is wrong with them as the whole one does; else the whole one.
     * A command line that can only open the window, and parses, gets the root alone. Picocli makes a command's model by
     * reflection over its options, cold in a new JVM: every subcommand's would be a large part of a batch command's
     * start, made once to decide the JVM and once to run, and as much of the window's start.
     */
    static CommandLine commandLine(String... args) {
        if (args.length > 0 && !args[0].equals("help")) {
            for (Class<?> command : COMMANDS) {
                if (command.getAnnotation(Command.class).name().equals(args[0])) {
                    return CommandLines.of(new Main(), CommandLine.defaultFactory(), List.of(command));
                }
            }
        }
        if (opensTheWindowOnly(args)) {
            CommandLine alone = CommandLines.of(new Main(), CommandLine.defaultFactory(), List.of());
            try {
                // Picocli sets every option back to its initial value before each parse: the run parses afresh.
                alone.parseArgs(args);
                return alone;
            } catch (CommandLine.ParameterException e) {
                // Said with the usage, which lists the commands: by the whole command line.
            }
        }
        return commandLine();
    }

    /**
     * Whether {@code args} can only open the window, whatever the subcommands: no word among them could name one, or
     * one mistyped (an option's value included), and none asks for help, which lists them. Those the root alone parses
     * as the whole command line does, in both JVMs the window's start goes through.
     */
    static boolean opensTheWindowOnly(String... args) {
        for (String arg : args) {
            boolean shortOptions = arg.startsWith("-") && !arg.startsWith("--");
            if (JvmHandoff.isCommandWord(arg) || shortOptions || arg.startsWith("@") || arg.equals("--help")
                    || arg.equals("--version")) {
                return false;
            }
        }
        return true;
    }

    @Mixin
    private RuleConfigOption config;

    @Mixin
    private InputFormatOption.AlsoFormat format;

    @Option(names = "--workspace", paramLabel = "FILE|URL",
            description = "The workspace the window records the files it opens in, and reads runs, triage and search "
                    + "from: an SQLite file or postgresql://host[:port]/database (default: the one chosen last in "
                    + "File > Workspace..., else as for inspect).")
    private String workspace;

    @Option(names = "--no-workspace", description = "Record nothing in a workspace: the window neither records the files "
            + "it opens nor lists runs, triage marks or search results from one.")
    private boolean noWorkspace;

    @Mixin
    private final ParseTextCallsOption parseTextCalls = new ParseTextCallsOption();

    @Option(names = "--follow", description = "Follow the files as they are written (View ▸ Follow): new lines are read "
            + "a few times a second and checked, the timeline stays at its end.")
    private boolean follow;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        Optional<String> mistyped = JvmHandoff.mistypedCommand(files);
        if (mistyped.isPresent()) {
            return unknownCommand(mistyped.get());
        }
        if (config.read(spec.commandLine().getErr(), "tracedeck").isEmpty()) {
            return ExitCodes.USAGE;
        }
        if (format.importers(spec.commandLine().getErr(), "tracedeck").isEmpty()) {
            return ExitCodes.USAGE;
        }
        if (workspace != null && !workspaceReadable(workspace)) {
            return ExitCodes.USAGE;
        }
        if (screenshotAfter != null && (screenshot == null || screenshotAfter < 0)) {
            spec.commandLine().getErr().println("tracedeck: --screenshot-after needs --screenshot and a number of milliseconds from 0");
            return ExitCodes.USAGE;
        }
        List<Path> toOpen = files.isEmpty() ? SampleLogs.fromProperty(System.getProperty(SampleLogs.PROPERTY)) : files;
        return DesktopLauncher.launch(new LaunchOptions(List.copyOf(toOpen), Optional.ofNullable(screenshot),
                config.file(), format.name(), parseTextCalls.enabled(), Optional.ofNullable(workspace),
                screenshotAfter == null ? OptionalLong.empty() : OptionalLong.of(screenshotAfter), follow, noWorkspace));
    }

    /** Whether {@code where} names a workspace; else it says why (a server's URL with a password, never repeated). */
    private boolean workspaceReadable(String where) {
        try {
            WorkspaceAddress.parse(where);
            return true;
        } catch (WorkspaceException | InvalidPathException e) {
            spec.commandLine().getErr().println("tracedeck: --workspace: " + e.getMessage());
            return false;
        }
    }

    /** A bare word that names no file is a subcommand mistyped: picocli's suggestion, and no window. */
    private int unknownCommand(String word) {
        PrintWriter err = spec.commandLine().getErr();
        List<String> suggestions = new CommandLine.UnmatchedArgumentException(spec.commandLine(), List.of(word)).getSuggestions();
        err.println("tracedeck: Unknown command '" + word + "' (and no file of that name)."
                + (suggestions.isEmpty() ? "" : " Did you mean '" + suggestions.get(0) + "'?") + " See tracedeck --help.");
        err.flush();
        return ExitCodes.USAGE;
    }
}
