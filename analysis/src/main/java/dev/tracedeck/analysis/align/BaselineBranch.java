package dev.tracedeck.analysis.align;

import java.util.List;
import java.util.Objects;

/**
 * A branch of an earlier alignment ({@code align --json}): the steps from the task's start to its end, and how its
 * runs ended then.
 *
 * @param task    the task
 * @param path    the keys ({@link RunStep#key()}) of every step from the start to the branch's end
 * @param passing its runs that passed
 * @param failing its runs that failed
 */
public record BaselineBranch(String task, List<String> path, int passing, int failing) {

    public BaselineBranch {
        Objects.requireNonNull(task);
        path = List.copyOf(path);
    }

    /** Passed: some run passed, none failed. */
    public boolean passed() {
        return passing > 0 && failing == 0;
    }
}
