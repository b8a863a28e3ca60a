package dev.tracedeck.cli;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.outcome.TraceOutcomes;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.engine.job.TraceJob;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code validate} and {@code baseline write} do with each file: the engine's {@link TraceJob} reads, checks and
 * fingerprints it, and it is recorded in the workspace with those fingerprints. A file that can't be read, or whose findings' evidence
 * it no longer holds as it was read (it changed while being checked), is said on {@code err} in one line naming the
 * file and the line, and left out whole: not reported, not fingerprinted, not recorded.
 */
final class FileChecks {

    /** How a command reads a trace: the importers, on the file. */
    @FunctionalInterface
    interface Reading {
        Reading IMPORT = (importers, file, progress) -> importers.read(InputFiles.source(file), progress);

        Trace read(Importers importers, Path file, ImportListener progress) throws ImportException;
    }

    /** One file's validation and its findings' fingerprints, taken once for the report, the baseline and the workspace. */
    record Checked(Validation validation, Fingerprints fingerprints, Optional<ValidateCostLine.Cost> cost,
                   List<String> outcomes) {
        Checked(Validation validation, Fingerprints fingerprints) {
            this(validation, fingerprints, Optional.empty(), List.of());
        }
    }

    private final Reading reading;
    private final Importers importers;
    private final TextCallLifting lifting;
    private final Validator validator;
    private final WorkspaceOpening workspace;
    private final PrintWriter err;
    private final String command;

    /** @param lifting what is done to each trace once read, before it is checked and recorded */
    FileChecks(Reading reading, Importers importers, TextCallLifting lifting, Validator validator,
               WorkspaceOpening workspace, PrintWriter err, String command) {
        this.reading = reading;
        this.importers = importers;
        this.lifting = lifting;
        this.validator = validator;
        this.workspace = workspace;
        this.err = err;
        this.command = command;
    }

    /**
     * {@code file} checked, or empty after saying on {@code err} why not (the workspace not opening is said once, and
     * the command asks {@link WorkspaceOpening#failed()}).
     */
    Optional<Checked> check(Path file) {
        ConsoleProgress progress = ConsoleProgress.forTerminal(file.toString());
        try {
            TraceJob.Result checked = TraceJob.checking(lifting, validator)
                    .run(listener -> reading.read(importers, file, listener), progress);
            Trace trace = checked.trace();
            Validation validation = checked.validation().orElseThrow();
            Fingerprints fingerprints = checked.fingerprints().orElseThrow();
            if (!workspace.disabled() && InputFiles.recordable(file, err, command)) {
                Optional<WorkspaceStore> store = workspace.store();
                if (store.isEmpty()) {
                    return Optional.empty();
                }
                store.get().record(file, trace, validation, fingerprints);
            }
            return Optional.of(new Checked(validation, fingerprints, ValidateCostLine.of(file, trace), outcomeLines(file, trace)));
        } catch (ImportException | WorkspaceException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
        } catch (SourceChangedException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage() + "; its findings can't be fingerprinted, so nothing of this file "
                    + "is reported or recorded: check it again once it no longer changes"));
        } finally {
            progress.done();
        }
        return Optional.empty();
    }

    /** What the trace says of its own runs, headed by the file: printed beside the checklist, never in it. */
    private static List<String> outcomeLines(Path file, Trace trace) {
        List<String> lines = OutcomeLines.of(TraceOutcomes.of(trace), "  ");
        if (lines.isEmpty()) {
            return lines;
        }
        List<String> headed = new ArrayList<>();
        headed.add(TerminalText.line(file.toString()) + ":");
        headed.addAll(lines);
        return headed;
    }
}
