package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tracedeck align}: what it prints, its JSON, and its exit codes with and without a baseline. */
class AlignCommandTest {

    static final Path ALIGN = Path.of("../sample-logs/align");
    static final String BENCHMARK = ALIGN.resolve("smolagents/benchmark-runs.jsonl").toString();

    @Test
    void theTextDrawsEachTasksTreeWithItsFigures() {
        CliRun run = CliRun.of("align", "--no-workspace", "--task", "17 multiplied", BENCHMARK);
        assertEquals(0, run.code(), run.err());
        String out = run.out();
        assertTrue(out.startsWith("task: What is 17 multiplied by 23? Write code, not latex.\n"
                + "  10 runs · 6 distinct step sequences · first divergence at step 2\n"
                + "  8 of 10 runs with a verdict passed · flip rate 0.444 (4 of 9 adjacent pairs)\n"
                + "  pass^k: k=1 0.800, k=2 0.622, k=3 0.467, k=4 0.333, k=5 0.222, k=6 0.133, k=7 0.067, k=8 0.022, "
                + "k=9 0.000, k=10 0.000\n"
                + "  10 runs: 8 pass, 2 fail · 0 findings\n"
                + "        1  model call\n"
                + "      + 5 runs: 5 pass · 0 findings\n"
                + "            2  tool python_interpreter #e57cdcdd\n"), out);
        // The run written with other whitespace in its code is on the branch of the others.
        assertTrue(out.contains("runs: benchmark-runs.jsonl · line 1, benchmark-runs.jsonl · line 2, "), out);
        assertTrue(run.err().contains("tracedeck align: 10 runs of 1 task aligned"), run.err());
    }

    @Test
    void aFolderIsItsTraceFilesAndRunsThatNameNoTaskAreOneTask(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("align", "--no-workspace", ALIGN.resolve("files").toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().startsWith("task: run\n  4 runs · 3 distinct step sequences · first divergence at step 2\n"
                + "  no run records a verdict: no flip rate, no pass^k\n  4 runs: 4 no verdict · 1 finding\n"), run.out());
        Files.copy(ALIGN.resolve("files/run-01.json"), dir.resolve("a.json"));
        Files.writeString(dir.resolve("notes.txt"), "not a trace");
        CliRun one = CliRun.of("align", "--no-workspace", dir.toString());
        assertEquals(0, one.code(), one.err());
        assertTrue(one.err().contains("1 file of the folder not read, not named as traces"), one.err());
    }

    @Test
    void jsonHoldsTheFiguresAndTheTree() throws Exception {
        CliRun run = CliRun.of("align", "--no-workspace", "--json", ALIGN.resolve("inspect/epochs.json").toString());
        assertEquals(0, run.code(), run.err());
        JsonNode root = new ObjectMapper().readTree(run.out());
        assertEquals(1, root.path("version").asInt());
        JsonNode task = root.path("tasks").path(1);
        assertEquals("sample 2", task.path("task").asText());
        assertEquals(5, task.path("runs").asInt());
        assertEquals(2, task.path("distinctSequences").asInt());
        assertEquals(3, task.path("firstDivergenceStep").asInt());
        assertEquals(4, task.path("passing").asInt());
        assertEquals(0.5, task.path("flipRate").asDouble(), 1e-12);
        assertEquals(0.6, task.path("passK").path(1).path("value").asDouble(), 1e-12);
        assertEquals("fail", task.path("runList").path(2).path("outcome").asText());
        assertEquals("failed: I (incorrect) (match)", task.path("runList").path(2).path("outcomeText").asText());
        JsonNode tree = task.path("tree");
        assertEquals(2, tree.path("steps").size());
        assertEquals("tool_call", tree.path("steps").path(1).path("kind").asText());
        assertEquals("bash", tree.path("steps").path(1).path("tool").asText());
        assertEquals(2, tree.path("branches").size());
        assertEquals(4, tree.path("branches").path(0).path("pass").asInt());
        assertTrue(root.path("regressions").isMissingNode(), "no baseline, no regressions member");
    }

    @Test
    void exitsOneWhenABranchThatPassedInTheBaselineFailsNow(@TempDir Path dir) throws Exception {
        Path baseline = dir.resolve("baseline.json");
        Files.writeString(baseline, CliRun.of("align", "--no-workspace", "--json", BENCHMARK).out());
        CliRun same = CliRun.of("align", "--no-workspace", "--baseline", baseline.toString(), BENCHMARK);
        assertEquals(0, same.code(), same.err());
        assertTrue(same.err().contains("0 branches that passed in " + baseline + " now fail"), same.err());
        // The same runs, the first of them now answering 401: its branch (five runs that all passed) fails.
        Path now = dir.resolve("now.jsonl");
        String first = Files.readAllLines(Path.of(BENCHMARK)).get(0);
        Files.writeString(now, first.replace("\"answer\": \"391\"", "\"answer\": \"401\"") + "\n");
        CliRun regressed = CliRun.of("align", "--no-workspace", "--json", "--baseline", baseline.toString(), now.toString());
        assertEquals(1, regressed.code(), regressed.err());
        JsonNode r = new ObjectMapper().readTree(regressed.out()).path("regressions");
        assertEquals(1, r.size(), r.toString());
        assertEquals(4, r.path(0).path("steps").asInt(), "the deepest branch: model, tool, model, final answer");
        assertEquals(5, r.path(0).path("baselinePass").asInt());
        assertEquals("now.jsonl", r.path(0).path("runs").path(0).asText());
        assertTrue(regressed.err().contains("regressed: task 'What is 17 multiplied by 23? Write code, not latex.'"), regressed.err());
    }

    @Test
    void usageErrorsExitTwo(@TempDir Path dir) throws Exception {
        assertEquals(2, CliRun.of("align", "--no-workspace", dir.resolve("missing.json").toString()).code());
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"tasks\": 3}");
        CliRun notBaseline = CliRun.of("align", "--no-workspace", "--baseline", bad.toString(), BENCHMARK);
        assertEquals(2, notBaseline.code());
        assertTrue(notBaseline.err().contains("not the output of align --json"), notBaseline.err());
        CliRun noTask = CliRun.of("align", "--no-workspace", "--task", "Pluto", BENCHMARK);
        assertEquals(2, noTask.code());
        assertTrue(noTask.err().contains("no task 'Pluto' among the 2 tasks read"), noTask.err());
        CliRun twoTasks = CliRun.of("align", "--no-workspace", "--task", "What is", BENCHMARK);
        assertEquals(2, twoTasks.code());
        assertTrue(twoTasks.err().contains("2 tasks' names hold 'What is'"), twoTasks.err());
        assertEquals(2, CliRun.of("align", "--no-workspace", dir.toString()).code(), "a folder with no trace file");
    }
}
