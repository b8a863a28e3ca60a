package dev.tracedeck.cli;

import dev.tracedeck.engine.tasks.TaskExecutor;
import java.util.List;
import picocli.CommandLine;

/**
 * How a command line of Tracedeck's commands parses and fails, whatever its root: the desktop module's
 * {@code tracedeck} (these commands, the window and render) or a test's. Enum values are read in any case; a command's
 * own failure is said in one line with {@link ExitCodes#INTERNAL}.
 */
public final class CommandLines {

    private CommandLines() {
    }

    /** A command line over {@code root}, with {@code factory} making its commands (tests hand some what they read). */
    public static CommandLine of(Object root, CommandLine.IFactory factory) {
        return of(root, factory, List.of());
    }

    /**
     * As {@link #of(Object, CommandLine.IFactory)}, with {@code subcommands} (classes annotated {@code @Command}) added
     * under the root, in that order, before the settings, which apply to the subcommands there are when set.
     */
    public static CommandLine of(Object root, CommandLine.IFactory factory, List<Class<?>> subcommands) {
        CommandLine cli = new CommandLine(root, factory);
        for (Class<?> subcommand : subcommands) {
            cli.addSubcommand(subcommand);
        }
        return cli.setCaseInsensitiveEnumValuesAllowed(true)
                .setExecutionExceptionHandler((e, command, parsed) -> InternalFailure.report(command.getErr(),
                        command.getCommandSpec().qualifiedName(), null, e));
    }

    /**
     * Runs {@code args} on {@code cli}: Tracedeck's own failures (out of memory included) end in one line and
     * {@link ExitCodes#INTERNAL}, and output that did not reach standard output (a full disk, a closed pipe) in one
     * line and {@link ExitCodes#USAGE}, never in a success.
     */
    public static int run(CommandLine cli, String... args) {
        // Made before a command reads anything: making it hands the importers and the analysis its computing threads.
        TaskExecutor.shared();
        int code;
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            code = InternalFailure.report(cli.getErr(), "tracedeck", null, e);
        }
        return OutputCheck.afterRun(cli, code);
    }
}
