package dev.tracedeck.analysis.align;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A branch that passed in a baseline and fails now: the same task, the same steps from its start, some run through
 * it failing where none did. Only the deepest are kept: a branch whose longer branch also regressed says nothing more.
 *
 * @param was  the branch in the baseline
 * @param now  the node its steps lead to now
 */
public record Regression(BaselineBranch was, AlignNode now) {

    /** The baseline's passing branches that fail in {@code now}, deepest only, in the baseline's order. */
    public static List<Regression> find(List<BaselineBranch> baseline, Alignment now) {
        List<Regression> found = new ArrayList<>();
        for (BaselineBranch branch : baseline) {
            if (!branch.passed()) {
                continue;
            }
            nodeAt(now, branch).filter(n -> n.count(Outcome.Verdict.FAIL) > 0).ifPresent(n -> found.add(new Regression(branch, n)));
        }
        List<Regression> deepest = new ArrayList<>();
        for (Regression r : found) {
            boolean deeper = found.stream().anyMatch(o -> o != r && o.was.task().equals(r.was.task())
                    && o.was.path().size() > r.was.path().size() && o.was.path().subList(0, r.was.path().size()).equals(r.was.path()));
            if (!deeper) {
                deepest.add(r);
            }
        }
        return deepest;
    }

    private static Optional<AlignNode> nodeAt(Alignment now, BaselineBranch branch) {
        for (TaskAlignment task : now.tasks()) {
            if (task.task().equals(branch.task())) {
                Optional<AlignNode> at = Optional.of(task.root());
                for (String key : branch.path()) {
                    at = at.flatMap(n -> n.child(key));
                }
                return at;
            }
        }
        return Optional.empty();
    }
}
