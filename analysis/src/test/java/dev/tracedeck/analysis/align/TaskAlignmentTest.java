package dev.tracedeck.analysis.align;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class TaskAlignmentTest {

    private static final RunStep MODEL = RunStep.MODEL_CALL;
    private static final RunStep SEARCH_A = new RunStep(StepKind.TOOL_CALL, "search", "aaaaaaaa");
    private static final RunStep SEARCH_B = new RunStep(StepKind.TOOL_CALL, "search", "bbbbbbbb");
    private static final RunStep ANSWER = new RunStep(StepKind.FINAL_ANSWER, "", "cccccccc");

    private static AlignedRun run(String name, Outcome outcome, RunStep... steps) {
        return new AlignedRun(name, name + ".json", "t", "task", List.of(steps), outcome, name.length());
    }

    @Test
    void theTreeSharesTheTrunkAndSplitsWhereTheRunsDo() {
        TaskAlignment task = TaskAlignment.of("task", List.of(
                run("a", Outcome.pass(""), MODEL, SEARCH_A, MODEL, ANSWER),
                run("b", Outcome.fail(""), MODEL, SEARCH_B, MODEL, ANSWER),
                run("c", Outcome.pass(""), MODEL, SEARCH_A, MODEL, ANSWER),
                run("dd", Outcome.UNKNOWN, MODEL, SEARCH_A)));
        assertEquals(3, task.distinctSequences());
        assertEquals(OptionalInt.of(2), task.firstDivergence());
        Branch trunk = task.trunk();
        assertEquals(List.of(MODEL), trunk.steps());
        assertEquals(4, trunk.runs().size());
        assertEquals(2, trunk.children().size());
        Branch a = trunk.children().get(0);
        assertEquals(2, a.firstStep());
        assertEquals(List.of(SEARCH_A), a.steps(), "d ends after the search: the branch stops there");
        assertEquals(List.of("dd"), a.end().ending().stream().map(AlignedRun::name).toList());
        assertEquals(3, a.runs().size());
        assertEquals(2, a.end().count(Outcome.Verdict.PASS));
        assertEquals(1, a.end().count(Outcome.Verdict.UNKNOWN));
        assertEquals(4, a.end().findings(), "a, c and dd: 1 + 1 + 2");
        Branch rest = a.children().get(0);
        assertEquals("3–4", rest.stepRange());
        assertEquals(List.of("a", "c"), rest.runs().stream().map(AlignedRun::name).toList());
        Branch b = trunk.children().get(1);
        assertEquals(List.of(SEARCH_B, MODEL, ANSWER), b.steps());
        assertEquals(1, b.end().count(Outcome.Verdict.FAIL));
    }

    @Test
    void runsThatAllAgreeNeverDiverge() {
        TaskAlignment task = TaskAlignment.of("task", List.of(run("a", Outcome.pass(""), MODEL, ANSWER),
                run("b", Outcome.pass(""), MODEL, ANSWER)));
        assertEquals(OptionalInt.empty(), task.firstDivergence());
        assertEquals(1, task.distinctSequences());
        assertTrue(task.trunk().children().isEmpty());
        assertEquals(2, task.trunk().end().ending().size());
    }

    @Test
    void aRunThatStopsEarlierDivergesAtTheStepItLacks() {
        TaskAlignment task = TaskAlignment.of("task", List.of(run("a", Outcome.pass(""), MODEL, ANSWER),
                run("b", Outcome.fail(""), MODEL)));
        assertEquals(OptionalInt.of(2), task.firstDivergence());
    }

    @Test
    void theFlipRateCountsAdjacentJudgedRunsWhoseVerdictsDiffer() {
        // pass, fail, (unknown, left out), fail, pass: judged P F F P, 2 flips of 3 pairs.
        TaskAlignment task = TaskAlignment.of("task", List.of(run("a", Outcome.pass(""), MODEL),
                run("b", Outcome.fail(""), MODEL), run("c", Outcome.UNKNOWN, MODEL), run("d", Outcome.fail(""), MODEL),
                run("e", Outcome.pass(""), MODEL)));
        assertEquals(2, task.flips());
        assertEquals(2.0 / 3, task.flipRate().getAsDouble(), 1e-12);
        assertEquals(4, task.judged().size());
        assertEquals(2, task.passing());
        assertTrue(TaskAlignment.of("t", List.of(run("a", Outcome.pass(""), MODEL))).flipRate().isEmpty());
    }

    @Test
    void passKIsTheUnbiasedEstimator() {
        // c = 3 of n = 5: C(3,k)/C(5,k) = 3/5, 3/10, 1/10, 0, 0.
        assertArrayEquals(new double[] {0.6, 0.3, 0.1, 0, 0}, PassK.of(3, 5), 1e-12);
        assertArrayEquals(new double[] {1, 1, 1}, PassK.of(3, 3), 1e-12);
        assertArrayEquals(new double[] {0, 0}, PassK.of(0, 2), 1e-12);
        assertEquals(0, PassK.of(0, 0).length);
        // Against the binomials themselves, on a bigger task: C(17,k)/C(40,k).
        double[] p = PassK.of(17, 40);
        for (int k = 1; k <= 40; k++) {
            assertEquals(binomial(17, k) / binomial(40, k), p[k - 1], 1e-9 * Math.max(1e-300, p[k - 1]) + 1e-15, "k=" + k);
        }
    }

    private static double binomial(int n, int k) {
        if (k > n) {
            return 0;
        }
        java.math.BigInteger r = java.math.BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            r = r.multiply(java.math.BigInteger.valueOf(n - i)).divide(java.math.BigInteger.valueOf(i + 1));
        }
        return r.doubleValue();
    }

    @Test
    void aBranchThatPassedAndNowFailsIsARegressionTheDeepestOnly() {
        List<AlignedRun> before = List.of(run("a", Outcome.pass(""), MODEL, SEARCH_A, ANSWER),
                run("b", Outcome.fail(""), MODEL, SEARCH_B));
        Alignment now = Alignment.of(List.of(run("a", Outcome.fail(""), MODEL, SEARCH_A, ANSWER),
                run("b", Outcome.fail(""), MODEL, SEARCH_B)));
        List<BaselineBranch> baseline = branches(TaskAlignment.of("task", before));
        List<Regression> found = Regression.find(baseline, now);
        assertEquals(1, found.size(), found.toString());
        assertEquals(List.of(MODEL.key(), SEARCH_A.key(), ANSWER.key()), found.get(0).was().path());
        // The same runs passing as before: nothing.
        assertTrue(Regression.find(baseline, Alignment.of(before)).isEmpty());
        // A branch that failed before and fails now is no regression; nor one the baseline never had.
        Alignment other = Alignment.of(List.of(run("a", Outcome.fail(""), MODEL, SEARCH_B, SEARCH_B)));
        assertTrue(Regression.find(branches(TaskAlignment.of("task", List.of(before.get(1)))), other).isEmpty());
    }

    /** What AlignJson writes and AlignBaseline reads back: each branch's path and counts. */
    private static List<BaselineBranch> branches(TaskAlignment task) {
        List<BaselineBranch> out = new ArrayList<>();
        walk(task.task(), task.trunk(), List.of(), out);
        return out;
    }

    private static void walk(String task, Branch b, List<String> before, List<BaselineBranch> out) {
        List<String> path = new ArrayList<>(before);
        b.steps().forEach(s -> path.add(s.key()));
        out.add(new BaselineBranch(task, path, b.end().count(Outcome.Verdict.PASS), b.end().count(Outcome.Verdict.FAIL)));
        b.children().forEach(c -> walk(task, c, path, out));
    }
}
