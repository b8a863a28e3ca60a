package dev.tracedeck.cli;

import dev.tracedeck.analysis.compare.TraceComparison;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.cli.report.CompareReport;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck compare BEFORE AFTER}: a run before a fix against the run after it, rule by rule and shape by shape. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare a run before a fix with the run after it, rule by rule and state by state.",
            "The checklists rule by rule (fixed, regressed, still-failing, passing, …) and each thread's final state "
                + "shape with where the two first differ; or two threads of one file or two (--before-thread, --after-thread).",
            "Exit 0, or 1 when the after run fails a check the before run passed (a regression); 2 for usage errors "
                + "or a file that can't be read."})
public final class CompareCommand implements Callable<Integer> {

    private static final String NAME = "tracedeck compare";

    @Parameters(index = "0", paramLabel = "BEFORE", description = "The run before the fix.")
    private Path before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "The run after it.")
    private Path after;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text (default), json, markdown or html.")
    private String format;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the comparison here instead of to standard output.")
    private Path output;

    @Mixin
    private RuleConfigOption config;

    @Mixin
    private InputFormatOption inputFormat;

    @Option(names = "--before-thread", paramLabel = "ID",
            description = "Compare only this thread of BEFORE (its id, or a part only one id holds) with --after-thread.")
    private String beforeThread;

    @Option(names = "--after-thread", paramLabel = "ID",
            description = "Compare only this thread of AFTER; BEFORE and AFTER may be the same file.")
    private String afterThread;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        CompareReport report;
        try {
            report = CompareReport.valueOf(format.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return usage(err, "--format must be text, json, markdown or html, not '" + format + "'");
        }
        Optional<RuleConfig> rules = config.read(err, NAME);
        if (rules.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<Importers> importers = inputFormat.importers(err, NAME);
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Validator validator = new Validator(rules.get());
        Trace b;
        Trace a;
        try {
            b = read(importers.get(), before);
            a = read(importers.get(), after);
        } catch (ImportException e) {
            return usage(err, e.getMessage());
        }
        Validation beforeChecked = validator.validate(b);
        Validation afterChecked = validator.validate(a);
        Optional<WorkspaceRecording> recording = WorkspaceRecording.open(workspace, err, NAME);
        if (recording.isEmpty()) {
            return ExitCodes.USAGE;
        }
        try (WorkspaceRecording recorded = recording.get()) {
            if (!recorded.record(before, b, Optional.of(beforeChecked)) || !recorded.record(after, a, Optional.of(afterChecked))) {
                return ExitCodes.USAGE;
            }
        }
        if ((beforeThread == null) != (afterThread == null)) {
            return usage(err, "--before-thread and --after-thread go together");
        }
        TraceComparison comparison;
        if (beforeThread != null) {
            ThreadChoice left = ThreadChoice.of(b, beforeThread);
            ThreadChoice right = ThreadChoice.of(a, afterThread);
            if (left.thread().isEmpty() || right.thread().isEmpty()) {
                return usage(err, left.thread().isEmpty() ? before + ": " + left.problem() : after + ": " + right.problem());
            }
            comparison = TraceComparison.ofThreads(b, beforeChecked, left.thread().get(), a, afterChecked, right.thread().get());
        } else {
            comparison = TraceComparison.of(b, beforeChecked, a, afterChecked);
        }
        String text = report.render(comparison);
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(text);
            out.flush();
        } else {
            try {
                Files.writeString(output, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return usage(err, output + ": cannot write the comparison (" + e.getMessage() + ")");
            }
        }
        return comparison.regressed() ? ExitCodes.FINDINGS : ExitCodes.OK;
    }

    private static Trace read(Importers importers, Path file) throws ImportException {
        ConsoleProgress progress = ConsoleProgress.forTerminal(file.toString());
        try {
            return importers.read(InputFiles.source(file), progress);
        } finally {
            progress.done();
        }
    }

    private static int usage(PrintWriter err, String message) {
        err.println(TerminalText.line(NAME + ": " + message));
        err.flush();
        return ExitCodes.USAGE;
    }
}
