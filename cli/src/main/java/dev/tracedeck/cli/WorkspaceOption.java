package dev.tracedeck.cli;

import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.workspace.WorkspaceAddress;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceLocation;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --workspace FILE|URL} and {@code --no-workspace}: which workspace a command records in and reads from — an
 * SQLite file, or a database on a PostgreSQL server that many users share. By default the file in the user's data
 * directory ({@link WorkspaceLocation}), created on first use.
 */
public final class WorkspaceOption {

    @Option(names = "--workspace", paramLabel = "FILE|URL",
            description = "The workspace to record in and read from: an SQLite file (default: ~/.local/share/tracedeck/workspace.db "
                    + "on Linux, ~/Library/Application Support/Tracedeck on macOS, %%APPDATA%%\\Tracedeck on Windows), or "
                    + "postgresql://host[:port]/database, shared by many users (password from PGPASSWORD, ~/.pgpass or a "
                    + "service file: postgresql:///?service=NAME).")
    private String location;

    @Option(names = "--no-workspace", description = "Record nothing in a workspace (CI, throwaway runs).")
    private boolean none;

    /** The workspace named, or the default one; a server's URL with a password in it is refused. */
    WorkspaceAddress address() throws WorkspaceException {
        return location != null ? WorkspaceAddress.parse(location) : WorkspaceAddress.file(WorkspaceLocation.defaultFile());
    }

    boolean disabled() {
        return none;
    }

    /**
     * The open workspace; empty after saying why on {@code err} (one line naming the file). With
     * {@code --no-workspace} an empty result and nothing said: check {@link #disabled()} first.
     */
    Optional<WorkspaceStore> open(PrintWriter err, String command) {
        if (none) {
            return Optional.empty();
        }
        try {
            return Optional.of(WorkspaceStore.open(address(), Clock.systemUTC()));
        } catch (WorkspaceException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
            err.flush();
            return Optional.empty();
        }
    }

    /** As {@link #open}, for a command that only reads the workspace: it opens a read-only one too. */
    Optional<WorkspaceStore> openForReading(PrintWriter err, String command) {
        if (none) {
            return Optional.empty();
        }
        try {
            return Optional.of(WorkspaceStore.openForReading(address(), Clock.systemUTC()));
        } catch (WorkspaceException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
            err.flush();
            return Optional.empty();
        }
    }

    /**
     * As {@link #openForReading}, for a command that has nothing to read but the workspace: with
     * {@code --no-workspace} it says so ({@code what} live in a workspace) instead of opening nothing.
     */
    Optional<WorkspaceStore> openRequiredForReading(PrintWriter err, String command, String what) {
        if (none) {
            err.println(TerminalText.line(command + ": " + what + " live in a workspace; drop --no-workspace"));
            err.flush();
            return Optional.empty();
        }
        return openForReading(err, command);
    }

    /** As {@link #open}, for a search: for writing when the workspace can be written (to index), else for reading. */
    Optional<WorkspaceStore> openToSearch(PrintWriter err, String command) {
        if (none) {
            return Optional.empty();
        }
        try {
            return Optional.of(WorkspaceStore.openToSearch(address(), Clock.systemUTC()));
        } catch (WorkspaceException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
            err.flush();
            return Optional.empty();
        }
    }

    static void closeQuietly(WorkspaceStore store, PrintWriter err, String command) {
        try {
            store.close();
        } catch (WorkspaceException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
        }
    }
}
