package dev.tracedeck.analysis.align;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A node of a task's prefix tree: the runs that took the same steps up to here ({@link #depth()} of them), and where
 * they go next. The root is the empty prefix, every run of the task. Children keep the order their first run came in.
 */
public final class AlignNode {

    private final RunStep step;
    private final int depth;
    private final List<AlignedRun> runs = new ArrayList<>();
    private final Map<String, AlignNode> children = new LinkedHashMap<>();
    private final List<AlignedRun> ending = new ArrayList<>();

    AlignNode(RunStep step, int depth) {
        this.step = step;
        this.depth = depth;
    }

    /** The tree of {@code runs}: each run's steps walked from the root, a node made where no run went before. */
    static AlignNode of(List<AlignedRun> runs) {
        AlignNode root = new AlignNode(null, 0);
        for (AlignedRun run : runs) {
            AlignNode at = root;
            at.runs.add(run);
            for (RunStep s : run.steps()) {
                AlignNode here = at;
                at = here.children.computeIfAbsent(s.key(), k -> new AlignNode(s, here.depth + 1));
                at.runs.add(run);
            }
            at.ending.add(run);
        }
        return root;
    }

    /** The step that leads here; empty at the root. */
    public Optional<RunStep> step() {
        return Optional.ofNullable(step);
    }

    /** How many steps lead here: 0 at the root, 1 for the first step. */
    public int depth() {
        return depth;
    }

    /** The runs that took every step up to here, in run order. */
    public List<AlignedRun> runs() {
        return List.copyOf(runs);
    }

    /** The runs whose last step is this one. */
    public List<AlignedRun> ending() {
        return List.copyOf(ending);
    }

    public List<AlignNode> children() {
        return List.copyOf(children.values());
    }

    /** The child the step with {@code key} leads to. */
    public Optional<AlignNode> child(String key) {
        return Optional.ofNullable(children.get(key));
    }

    public int count(Outcome.Verdict verdict) {
        int n = 0;
        for (AlignedRun run : runs) {
            if (run.outcome().verdict() == verdict) {
                n++;
            }
        }
        return n;
    }

    /** The findings of the runs through here, added up. */
    public int findings() {
        int n = 0;
        for (AlignedRun run : runs) {
            n += run.findings();
        }
        return n;
    }

    int runCount() {
        return runs.size();
    }

    int childCount() {
        return children.size();
    }

    AlignNode onlyChild() {
        return children.values().iterator().next();
    }
}
