package dev.tracedeck.engine.align;

import dev.tracedeck.analysis.align.AlignNode;
import dev.tracedeck.analysis.align.AlignedRun;
import dev.tracedeck.analysis.align.Alignment;
import dev.tracedeck.analysis.align.Branch;
import dev.tracedeck.analysis.align.Outcome;
import dev.tracedeck.analysis.align.RunStep;
import dev.tracedeck.analysis.align.TaskAlignment;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.engine.text.TerminalText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Runs aligned, for people: per task its figures, then its tree drawn indented — each branch a line with its runs and
 * how they ended, its steps below it, numbered, and the branches it splits into indented under it. What the window
 * shows says the same in the same words. Everything from a trace is escaped for a terminal.
 */
public final class AlignText {

    private static final String INDENT = "    ";

    private AlignText() {
    }

    public static String of(Alignment alignment) {
        StringBuilder out = new StringBuilder();
        for (TaskAlignment task : alignment.tasks()) {
            if (out.length() > 0) {
                out.append('\n');
            }
            task(task, out);
        }
        return out.toString();
    }

    private static void task(TaskAlignment task, StringBuilder out) {
        out.append("task: ").append(TerminalText.line(task.task())).append('\n');
        for (String line : figures(task)) {
            out.append("  ").append(line).append('\n');
        }
        branch(task.trunk(), "  ", false, out);
    }

    /** The task's figures, a line each: runs and sequences, then outcomes, then pass^k. */
    public static List<String> figures(TaskAlignment task) {
        List<String> lines = new ArrayList<>();
        String divergence = task.firstDivergence().isPresent()
                ? "first divergence at step " + task.firstDivergence().getAsInt() : "no divergence";
        lines.add(CountFormat.count(task.runs().size(), "run", "runs") + " · "
                + CountFormat.count(task.distinctSequences(), "distinct step sequence", "distinct step sequences")
                + " · " + divergence);
        int judged = task.judged().size();
        if (judged == 0) {
            lines.add("no run records a verdict: no flip rate, no pass^k");
            return lines;
        }
        OptionalDouble flip = task.flipRate();
        lines.add(CountFormat.count(task.passing()) + " of " + CountFormat.count(judged, "run", "runs") + " with a verdict passed"
                + " · flip rate " + (flip.isPresent() ? decimal(flip.getAsDouble()) + " (" + task.flips() + " of "
                + (judged - 1) + " adjacent pairs)" : "– (one run)"));
        double[] passK = task.passK();
        StringBuilder k = new StringBuilder("pass^k:");
        for (int i = 0; i < passK.length; i++) {
            k.append(i == 0 ? " " : ", ").append("k=").append(i + 1).append(' ').append(decimal(passK[i]));
        }
        lines.add(k.toString());
        return lines;
    }

    private static void branch(Branch branch, String indent, boolean split, StringBuilder out) {
        out.append(indent).append(split ? "+ " : "").append(header(branch)).append('\n');
        String inner = indent + INDENT;
        int n = branch.firstStep();
        for (RunStep step : branch.steps()) {
            out.append(inner).append(String.format(Locale.ROOT, "%3d  ", n++)).append(TerminalText.line(step.label())).append('\n');
        }
        List<AlignedRun> ended = branch.end().ending();
        if (!ended.isEmpty()) {
            out.append(inner).append(ended.size() == branch.runs().size() ? "runs: " : "ended here: ")
                    .append(TerminalText.line(names(ended))).append('\n');
        }
        for (Branch child : branch.children()) {
            branch(child, inner, true, out);
        }
    }

    /** "5 runs: 4 pass, 1 fail · 2 findings". */
    public static String header(Branch branch) {
        AlignNode end = branch.end();
        return CountFormat.count(end.runs().size(), "run", "runs") + ": " + outcomes(end) + " · "
                + CountFormat.count(end.findings(), "finding", "findings");
    }

    /** "4 pass, 1 fail, 2 no verdict"; the counts that are 0 left out. */
    public static String outcomes(AlignNode node) {
        List<String> parts = new ArrayList<>();
        int pass = node.count(Outcome.Verdict.PASS);
        int fail = node.count(Outcome.Verdict.FAIL);
        int unknown = node.count(Outcome.Verdict.UNKNOWN);
        if (pass > 0) {
            parts.add(CountFormat.count(pass) + " pass");
        }
        if (fail > 0) {
            parts.add(CountFormat.count(fail) + " fail");
        }
        if (unknown > 0) {
            parts.add(CountFormat.count(unknown) + " no verdict");
        }
        return String.join(", ", parts);
    }

    private static String names(List<AlignedRun> runs) {
        List<String> names = new ArrayList<>();
        for (AlignedRun run : runs) {
            names.add(run.name());
        }
        return String.join(", ", names);
    }

    /** Three decimals, the same on every machine. */
    public static String decimal(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
