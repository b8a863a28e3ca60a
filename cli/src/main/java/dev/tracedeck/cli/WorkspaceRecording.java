package dev.tracedeck.cli;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.engine.job.TraceJob;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The traces a command reads, recorded in its workspace as it reads them, as the app records the files it opens:
 * so the Runs view and {@code tracedeck runs} list every trace looked at, whichever command looked. With
 * {@code --no-workspace} it records nothing.
 */
public final class WorkspaceRecording implements AutoCloseable {

    private final Optional<WorkspaceStore> store;
    private final PrintWriter err;
    private final String command;

    private WorkspaceRecording(Optional<WorkspaceStore> store, PrintWriter err, String command) {
        this.store = store;
        this.err = err;
        this.command = command;
    }

    /**
     * The recording for {@code option}; empty when the workspace named cannot be opened, after saying why on
     * {@code err} in one line (the command then exits with a usage error, as {@code inspect} does).
     */
    public static Optional<WorkspaceRecording> open(WorkspaceOption option, PrintWriter err, String command) {
        if (option.disabled()) {
            return Optional.of(new WorkspaceRecording(Optional.empty(), err, command));
        }
        return option.open(err, command).map(s -> new WorkspaceRecording(Optional.of(s), err, command));
    }

    /** Records {@code trace} read from {@code file}; false, after saying why, when the workspace could not. */
    public boolean record(Path file, Trace trace, Optional<Validation> validation) {
        if (store.isEmpty() || !InputFiles.recordable(file, err, command)) {
            return true;
        }
        try {
            store.get().record(file, trace, validation);
            return true;
        } catch (WorkspaceException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
            err.flush();
            return false;
        }
    }

    /**
     * Reads each file with {@code importers} (showing progress on a terminal) and {@code lifting} after, records it,
     * and hands it to {@code use}; a file that can't be read or recorded is said on {@code err} in one line and the
     * others go on.
     *
     * @return true when every file was read and recorded
     */
    boolean readEach(List<Path> files, Importers importers, TextCallLifting lifting, Consumer<Trace> use) {
        boolean ok = true;
        for (Path file : files) {
            ConsoleProgress progress = ConsoleProgress.forTerminal(file.toString());
            try {
                Trace trace = TraceJob.reading(lifting).read(TraceJob.Source.of(importers, InputFiles.source(file)), progress);
                progress.done();
                use.accept(trace);
                ok &= record(file, trace, Optional.empty());
            } catch (ImportException e) {
                progress.done();
                err.println(TerminalText.line(command + ": " + e.getMessage()));
                ok = false;
            }
        }
        err.flush();
        return ok;
    }

    @Override
    public void close() {
        store.ifPresent(s -> WorkspaceOption.closeQuietly(s, err, command));
    }
}
