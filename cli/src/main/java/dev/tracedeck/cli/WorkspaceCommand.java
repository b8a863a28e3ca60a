package dev.tracedeck.cli;

import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.workspace.WorkspaceAddress;
import dev.tracedeck.workspace.WorkspaceCopy;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck workspace copy FROM TO}: the workspace itself, moved between an SQLite file and a PostgreSQL server. */
@Command(name = "workspace", mixinStandardHelpOptions = true, subcommands = WorkspaceCommand.Copy.class,
        description = "The workspace itself: copy one into another, an SQLite file into PostgreSQL and back.")
public final class WorkspaceCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println(TerminalText.line("tracedeck workspace: say what to do: tracedeck workspace copy FROM TO"));
        return ExitCodes.USAGE;
    }

    @Command(name = "copy", mixinStandardHelpOptions = true,
            description = {"Copy everything a workspace holds into another, empty one: runs, findings, triage marks, notes, "
                    + "bookmarks and the search index.",
                "FROM and TO are each an SQLite file or postgresql://host[:port]/database (no password in it: PGPASSWORD, "
                    + "~/.pgpass or a service file). One transaction: a copy cut short leaves TO as it was. Into a file, "
                    + "only the current triage marks go (a shared workspace keeps every change and who made it).",
                "Exit 0, or 2 when either can't be opened, TO holds a workspace already, or the copy fails."})
    static final class Copy implements Callable<Integer> {

        @Parameters(index = "0", paramLabel = "FROM", description = "The workspace to copy: a file or a postgresql:// URL.")
        private String from;

        @Parameters(index = "1", paramLabel = "TO", description = "The empty workspace to copy into (a new file is made).")
        private String to;

        @Option(names = "--no-workspace", description = "Taken by every command; this one works on the two workspaces it "
                + "names, FROM and TO.")
        private boolean noWorkspace;

        @Spec
        private CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            String command = "tracedeck workspace copy";
            try (WorkspaceStore source = WorkspaceStore.openForReading(WorkspaceAddress.parse(from), Clock.systemUTC());
                 WorkspaceStore target = WorkspaceStore.open(WorkspaceAddress.parse(to), Clock.systemUTC())) {
                WorkspaceCopy.Summary summary = WorkspaceCopy.copy(source, target);
                out.println("copied " + TerminalText.line(source.address().toString()) + " into "
                        + TerminalText.line(target.address().toString()) + ": " + counts(summary.rows()));
                if (summary.historyLeft() > 0) {
                    out.println(summary.historyLeft() + " earlier change" + (summary.historyLeft() == 1 ? "" : "s")
                            + " of triage marks stayed behind: a file keeps each fingerprint's current mark alone");
                }
                out.flush();
                return ExitCodes.OK;
            } catch (WorkspaceException e) {
                err.println(TerminalText.line(command + ": " + e.getMessage()));
                err.flush();
                return ExitCodes.USAGE;
            }
        }

        private static String counts(Map<String, Long> rows) {
            return rows.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
        }
    }
}
