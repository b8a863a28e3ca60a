package dev.tracedeck.analysis.align;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The runs of one task aligned: their prefix tree and what it says (see docs/align.md for each figure's definition).
 *
 * @param task the task
 * @param runs its runs, in the order they were given (files in order, each file's runs in its order)
 * @param root the prefix tree's root
 */
public record TaskAlignment(String task, List<AlignedRun> runs, AlignNode root) {

    public TaskAlignment {
        Objects.requireNonNull(task);
        runs = List.copyOf(runs);
        Objects.requireNonNull(root);
    }

    public static TaskAlignment of(String task, List<AlignedRun> runs) {
        return new TaskAlignment(task, runs, AlignNode.of(runs));
    }

    /** The trunk and the branches below it. */
    public Branch trunk() {
        return Branch.of(root);
    }

    /** How many different step sequences the runs took. */
    public int distinctSequences() {
        Set<List<String>> seen = new HashSet<>();
        for (AlignedRun run : runs) {
            seen.add(run.steps().stream().map(RunStep::key).toList());
        }
        return seen.size();
    }

    /**
     * The number (from 1) of the first step at which the runs do not all agree — one takes another step, or has none
     * where another has one; empty when every run took the same steps (one run, or all alike).
     */
    public OptionalInt firstDivergence() {
        AlignNode at = root;
        while (at.childCount() == 1 && at.ending().isEmpty()) {
            at = at.onlyChild();
        }
        return at.childCount() == 0 ? OptionalInt.empty() : OptionalInt.of(at.depth() + 1);
    }

    /** The runs with a verdict, in run order. */
    public List<AlignedRun> judged() {
        List<AlignedRun> judged = new ArrayList<>();
        for (AlignedRun run : runs) {
            if (run.outcome().known()) {
                judged.add(run);
            }
        }
        return judged;
    }

    public int passing() {
        return root.count(Outcome.Verdict.PASS);
    }

    /** Adjacent pairs of judged runs (in run order) whose verdicts differ. */
    public int flips() {
        List<AlignedRun> judged = judged();
        int flips = 0;
        for (int i = 1; i < judged.size(); i++) {
            if (judged.get(i).outcome().verdict() != judged.get(i - 1).outcome().verdict()) {
                flips++;
            }
        }
        return flips;
    }

    /** flips / (judged − 1): empty with fewer than two judged runs. */
    public OptionalDouble flipRate() {
        int pairs = judged().size() - 1;
        return pairs < 1 ? OptionalDouble.empty() : OptionalDouble.of((double) flips() / pairs);
    }

    /** pass^k for k = 1..judged (index k − 1). */
    public double[] passK() {
        return PassK.of(passing(), judged().size());
    }
}
