package dev.tracedeck.cli;

import dev.tracedeck.analysis.align.Alignment;
import dev.tracedeck.analysis.align.BaselineBranch;
import dev.tracedeck.analysis.align.Regression;
import dev.tracedeck.analysis.align.TaskAlignment;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.cli.align.AlignBaseline;
import dev.tracedeck.cli.align.AlignJson;
import dev.tracedeck.engine.align.AlignInputs;
import dev.tracedeck.engine.align.AlignReader;
import dev.tracedeck.engine.align.AlignText;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.registry.Importers;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tracedeck align FILE...|FOLDER}: runs of one task side by side — where they take the same steps, where they
 * split, how many take each branch and how each ended — with the task's figures (distinct sequences, first
 * divergence, flip rate, pass^k). The core is {@code analysis}' {@code align}; reading is {@code engine}'s.
 */
@Command(name = "align", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Align runs of one task: where they share steps, where they split, and how each branch ended.",
            "Runs are the files given (or a folder's trace files), an Inspect log's epochs, or the lines of a smolagents "
                + "benchmark output, grouped by the task they name. Per task: runs, distinct step sequences, the first "
                + "step where they diverge, the flip rate and pass^k where the traces record a verdict; then the tree.",
            "Exit 0, or 1 when a branch that passed in --baseline fails now; 2 for usage errors or a file that can't be read."})
public final class AlignCommand implements Callable<Integer> {

    private static final String NAME = "tracedeck align";

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "The runs: trace files, or a folder of them (its "
            + "trace files by name, not its subfolders).")
    private List<Path> inputs;

    @Option(names = "--json", description = "Print the alignment as JSON for scripts (shape in docs/align.md).")
    private boolean json;

    @Option(names = "--baseline", paramLabel = "FILE", description = "An earlier align --json output: exit 1 when a "
            + "branch that passed there (a run passed, none failed) has a failing run now.")
    private Path baseline;

    @Option(names = "--task", paramLabel = "NAME", description = "Only this task (its name, or a part only one task's "
            + "name holds).")
    private String task;

    @Mixin
    private RuleConfigOption config;

    @Mixin
    private InputFormatOption inputFormat;

    @Mixin
    private NoWorkspaceOption noWorkspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Optional<RuleConfig> rules = config.read(err, NAME);
        if (rules.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<Importers> importers = inputFormat.importers(err, NAME);
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        List<BaselineBranch> before = List.of();
        if (baseline != null) {
            try {
                before = AlignBaseline.read(baseline);
            } catch (IOException e) {
                return usage(err, e.getMessage());
            }
        }
        AlignInputs files;
        try {
            files = AlignInputs.of(inputs);
        } catch (IOException e) {
            return usage(err, e.getMessage());
        }
        if (!files.skipped().isEmpty()) {
            err.println(TerminalText.line(NAME + ": " + CountFormat.count(files.skipped().size(), "file", "files")
                    + " of the folder not read, not named as traces (.log .json .jsonl .eval .af .gz): " + names(files.skipped())));
        }
        List<Path> distinct = InputFiles.distinct(files.files(), err, NAME);
        if (distinct.isEmpty()) {
            return usage(err, "no trace file in " + names(inputs));
        }
        Alignment alignment;
        ConsoleProgress[] reading = new ConsoleProgress[1];
        try {
            alignment = new AlignReader(importers.get(), new Validator(rules.get())).read(distinct, file -> {
                if (reading[0] != null) {
                    reading[0].done();
                }
                return reading[0] = ConsoleProgress.forTerminal(file.toString());
            }, (file, trace) -> { });
        } catch (ImportException e) {
            return usage(err, e.getMessage());
        } finally {
            if (reading[0] != null) {
                reading[0].done();
            }
        }
        if (task != null) {
            Optional<TaskAlignment> chosen = choose(alignment, task, err);
            if (chosen.isEmpty()) {
                return ExitCodes.USAGE;
            }
            alignment = new Alignment(List.of(chosen.get()));
        }
        List<Regression> regressions = Regression.find(before, alignment);
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? AlignJson.of(alignment, regressions, baseline != null) : AlignText.of(alignment));
        out.flush();
        err.println(TerminalText.line(NAME + ": " + CountFormat.count(alignment.runCount(), "run", "runs") + " of "
                + CountFormat.count(alignment.tasks().size(), "task", "tasks") + " aligned"
                + (baseline == null ? "" : "; " + CountFormat.count(regressions.size(), "branch", "branches")
                + " that passed in " + baseline + " now fail" + (regressions.isEmpty() ? "s" : ""))));
        for (Regression r : regressions) {
            err.println(TerminalText.line(NAME + ": regressed: task '" + r.was().task() + "', the branch of step "
                    + r.was().path().size() + " passed " + r.was().passing() + " run(s) and fails now"));
        }
        err.flush();
        return regressions.isEmpty() ? ExitCodes.OK : ExitCodes.FINDINGS;
    }

    /** The task named {@code wanted}, or the one whose name alone holds it; empty after saying why not. */
    private static Optional<TaskAlignment> choose(Alignment alignment, String wanted, PrintWriter err) {
        for (TaskAlignment t : alignment.tasks()) {
            if (t.task().equals(wanted)) {
                return Optional.of(t);
            }
        }
        List<TaskAlignment> holding = new ArrayList<>();
        for (TaskAlignment t : alignment.tasks()) {
            if (t.task().contains(wanted)) {
                holding.add(t);
            }
        }
        if (holding.size() == 1) {
            return Optional.of(holding.get(0));
        }
        usage(err, holding.isEmpty() ? "no task '" + wanted + "' among the " + CountFormat.count(alignment.tasks().size(), "task", "tasks")
                + " read" : holding.size() + " tasks' names hold '" + wanted + "'; give more of the name");
        return Optional.empty();
    }

    private static String names(List<Path> files) {
        List<String> names = new ArrayList<>();
        for (Path f : files) {
            names.add(f.toString());
        }
        return String.join(", ", names);
    }

    private static int usage(PrintWriter err, String message) {
        err.println(TerminalText.line(NAME + ": " + message));
        err.flush();
        return ExitCodes.USAGE;
    }
}
