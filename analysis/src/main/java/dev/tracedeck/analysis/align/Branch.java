package dev.tracedeck.analysis.align;

import java.util.ArrayList;
import java.util.List;

/**
 * A stretch of a task's prefix tree the same runs take together: from a split (or the start) to the next split, or
 * to where one of them ends. The first branch of a task is its trunk, the steps all its runs share (none when they
 * differ from the first step); its children are where they split.
 *
 * @param firstStep the number of its first step in the runs, from 1 (the step after its parent's last)
 * @param steps     the steps its runs share here
 * @param end       the node of its last step (the root for a trunk of no steps): its runs, counts and findings
 * @param children  where its runs go next, in the order their first run came in
 */
public record Branch(int firstStep, List<RunStep> steps, AlignNode end, List<Branch> children) {

    public Branch {
        steps = List.copyOf(steps);
        children = List.copyOf(children);
    }

    /** The branches of {@code root}'s tree, from its trunk. */
    static Branch of(AlignNode root) {
        return from(root, 1, List.of());
    }

    private static Branch from(AlignNode start, int firstStep, List<RunStep> first) {
        List<RunStep> steps = new ArrayList<>(first);
        AlignNode at = start;
        // Down the chain while all its runs go on together: one child, and no run ending here.
        while (at.childCount() == 1 && at.ending().isEmpty()) {
            at = at.onlyChild();
            steps.add(at.step().orElseThrow());
        }
        List<Branch> children = new ArrayList<>();
        if (at.childCount() > 1 || !at.ending().isEmpty()) {
            for (AlignNode child : at.children()) {
                children.add(from(child, at.depth() + 1, List.of(child.step().orElseThrow())));
            }
        }
        return new Branch(firstStep, steps, at, children);
    }

    /** The runs that take this branch. */
    public List<AlignedRun> runs() {
        return end.runs();
    }

    /** The step numbers it covers, "3" or "3–7"; "" for a trunk of no steps. */
    public String stepRange() {
        if (steps.isEmpty()) {
            return "";
        }
        int last = firstStep + steps.size() - 1;
        return last == firstStep ? Integer.toString(firstStep) : firstStep + "–" + last;
    }
}
