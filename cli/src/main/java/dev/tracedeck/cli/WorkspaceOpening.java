package dev.tracedeck.cli;

import dev.tracedeck.engine.tasks.TaskExecutor;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * The workspace a command records in, opened on a thread of its own from the command's start while the command reads
 * its first file: loading SQLite's native library and opening the file take a tenth of a second, as much as recording
 * may add to inspecting a big file. The command waits for it where it first records. With {@code --no-workspace},
 * nothing is opened.
 */
final class WorkspaceOpening implements AutoCloseable {

    private final Optional<Future<WorkspaceStore>> opening;
    private final PrintWriter err;
    private final String command;
    private boolean said;

    private WorkspaceOpening(Optional<Future<WorkspaceStore>> opening, PrintWriter err, String command) {
        this.opening = opening;
        this.err = err;
        this.command = command;
    }

    /** Starts opening the workspace {@code option} names, unless it says {@code --no-workspace}. */
    static WorkspaceOpening start(WorkspaceOption option, PrintWriter err, String command) {
        if (option.disabled()) {
            return new WorkspaceOpening(Optional.empty(), err, command);
        }
        // On a thread of its own, at once: the workspace opens while the file is read.
        Future<WorkspaceStore> task = TaskExecutor.shared().start("tracedeck-workspace",
                () -> WorkspaceStore.open(option.address(), Clock.systemUTC()));
        return new WorkspaceOpening(Optional.of(task), err, command);
    }

    /** True with {@code --no-workspace}: nothing is recorded. */
    boolean disabled() {
        return opening.isEmpty();
    }

    /**
     * The open workspace, once it is open; empty with {@code --no-workspace}, or when it could not be opened, which is
     * said on {@code err} in one line naming the file, once (the command then exits with a usage error).
     */
    Optional<WorkspaceStore> store() {
        if (opening.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(opening.get().get());
        } catch (ExecutionException e) {
            if (!said) {
                said = true;
                String why = e.getCause() instanceof WorkspaceException ? e.getCause().getMessage() : String.valueOf(e.getCause());
                err.println(TerminalText.line(command + ": " + why));
                err.flush();
            }
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** True when a workspace was named and could not be opened (said once on {@code err}). */
    boolean failed() {
        return !disabled() && store().isEmpty();
    }

    @Override
    public void close() {
        if (opening.isPresent() && !failed()) {
            WorkspaceOption.closeQuietly(store().get(), err, command);
        }
    }
}
