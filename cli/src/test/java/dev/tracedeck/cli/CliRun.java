package dev.tracedeck.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Runs a command line in-process and captures what it prints: this module's commands under a root named as the real
 * one (the app module's, which adds the window and render), or any command line handed to {@link #run}.
 */
public record CliRun(int code, String out, String err) {

    public static final Path SAMPLES = Path.of("../sample-logs/mycelian");
    public static final Path BEFORE = SAMPLES.resolve("before-prebuilt-react.log");
    public static final Path AFTER = SAMPLES.resolve("after-tool-only.log");

    /** This module's commands, as {@code tracedeck} lists them, so that every message names its command as there. */
    @Command(name = "tracedeck", mixinStandardHelpOptions = true,
            subcommands = {InspectCommand.class, ValidateCommand.class, ListenCommand.class, WatchCommand.class,
                ConvertCommand.class, TokensCommand.class, CostCommand.class, PricesCommand.class, PruneCommand.class, FreezeCommand.class, CompareCommand.class, AlignCommand.class,
                TextCallsCommand.class, MemoryCommand.class, RunsCommand.class, SearchCommand.class, BaselineCommand.class,
                TriageCommand.class, NotesCommand.class, McpCommand.class, WorkspaceCommand.class, CommandLine.HelpCommand.class},
            exitCodeOnInvalidInput = ExitCodes.USAGE, exitCodeOnExecutionException = ExitCodes.USAGE)
    static final class Commands {
    }

    public static CliRun of(String... args) {
        return run(commandLine(CommandLine.defaultFactory()), args);
    }

    /** This module's commands, with {@code factory} making them (tests hand some of them what they read). */
    static CommandLine commandLine(CommandLine.IFactory factory) {
        return CommandLines.of(new Commands(), factory);
    }

    /** The command line with {@code stdin} as the process's standard input (System.in, restored after). */
    static CliRun withStdin(byte[] stdin, String... args) {
        java.io.InputStream before = System.in;
        System.setIn(new java.io.ByteArrayInputStream(stdin));
        try {
            return of(args);
        } finally {
            System.setIn(before);
        }
    }

    /** {@code validate} and {@code baseline write} reading each file with {@code reading} instead of importing it. */
    static CliRun reading(FileChecks.Reading reading, String... args) {
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                if (type == ValidateCommand.class) {
                    return type.cast(new ValidateCommand(reading));
                }
                if (type == BaselineCommand.Write.class) {
                    return type.cast(new BaselineCommand.Write(reading));
                }
                return CommandLine.defaultFactory().create(type);
            }
        };
        return run(commandLine(factory), args);
    }

    /** The command line printing to {@code out} (a full disk, a closed pipe): {@link #out()} is empty. */
    static CliRun writingTo(java.io.OutputStream out, String... args) {
        CommandLine cli = commandLine(CommandLine.defaultFactory());
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(new java.io.OutputStreamWriter(out, java.nio.charset.StandardCharsets.UTF_8)));
        cli.setErr(new PrintWriter(err));
        int code = CommandLines.run(cli, args);
        return new CliRun(code, "", err.toString());
    }

    /** Runs {@code args} on {@code cli} as the program does ({@link CommandLines#run}). */
    public static CliRun run(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = CommandLines.run(cli, args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
