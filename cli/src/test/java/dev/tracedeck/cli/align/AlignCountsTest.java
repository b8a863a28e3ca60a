package dev.tracedeck.cli.align;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.analysis.align.AlignedRun;
import dev.tracedeck.analysis.align.Alignment;
import dev.tracedeck.analysis.align.RunStep;
import dev.tracedeck.analysis.align.TaskAlignment;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.engine.align.AlignReader;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.registry.Importers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What {@code align} counts — per task the runs, the distinct step sequences, the runs with a verdict and those that
 * passed, and each run's step sequence — against an independent count: {@code scripts/align_count.py}, which reads
 * the same files with Python's own parsers (ast for smolagents' {@code str()} of the calls, json, zipfile), reduces
 * the runs to steps and fingerprints from the formats' own fields and scores smolagents' answers with the benchmark's
 * rule. The figures in the rows are what the script printed (runs, tasks, distinct sequences, runs with a verdict,
 * passing, steps, and a digest of every task's name and run sequences in order, which differs if a single fingerprint
 * does); with python3 on the PATH the script runs again and its whole output must equal ours, task by task. Our own
 * samples, and the real traces that hold runs with a verdict (read in place; skipped when the folder is absent).
 */
class AlignCountsTest {

    private static final Path SAMPLES = Path.of("../sample-logs/align");
    private static final Path REAL = Path.of("../../shared/real-traces");
    private static final Path SCRIPT = Path.of("../scripts/align_count.py");

    record Figures(int runs, int tasks, int distinct, int judged, int passing, int steps, String digest) {
    }

    static Stream<Arguments> files() {
        return Stream.of(
                // Ten runs of a MATH question (6 sequences, 8 pass) and five of a SimpleQA one (4 sequences, 3 pass;
                // the last raised: no answer, no steps).
                Arguments.of(SAMPLES.resolve("smolagents/benchmark-runs.jsonl"), new Figures(15, 2, 10, 15, 11, 58, "384a6a24fe308cfe")),
                // Two samples, five epochs each: 4 and 2 sequences, 4 and 4 scored C.
                Arguments.of(SAMPLES.resolve("inspect/epochs.json"), new Figures(10, 2, 6, 10, 8, 32, "8c260e0a35ba066a")),
                // The benchmark's tool-calling agent on 50 MATH questions, one run each: 29 right by get_correct.
                Arguments.of(REAL.resolve("smolagents-01-benchmark-toolcalling-math.jsonl"), new Figures(50, 50, 50, 50, 29, 208, "316746702223e620")),
                // Its code agent on 50 SimpleQA questions: 19 right, as the benchmark's own score file says (19 of 50).
                Arguments.of(REAL.resolve("smolagents-02-benchmark-code-simpleqa.jsonl"), new Figures(50, 50, 50, 50, 19, 379, "a2feb88dcbd42d71")),
                // Inspect's test logs: a sample scored C; three samples scored C; a sample scored 0.0 by closeness_log,
                // a number that does not say whether it passes: no verdict.
                Arguments.of(REAL.resolve("inspect-01-browser-eval-log.json"), new Figures(1, 1, 1, 1, 1, 9, "c175d8a52b3f14f3")),
                Arguments.of(REAL.resolve("inspect-03-security-guide.json"), new Figures(3, 3, 3, 3, 3, 3, "b6b9fe114bbe5b63")),
                Arguments.of(REAL.resolve("inspect-01-message-dedup-bash.eval"), new Figures(1, 1, 1, 0, 0, 11, "f3951b3bbf956dbb")));
    }

    @ParameterizedTest
    @MethodSource("files")
    void alignCountsAsTheScriptDoes(Path file, Figures expected) throws Exception {
        assumeTrue(Files.exists(file), file + " is not here");
        Alignment alignment = new AlignReader(Importers.standard(), new Validator(RuleConfig.DEFAULT))
                .read(List.of(file), f -> ImportListener.NONE, (f, t) -> { });
        List<Count> counts = counts(alignment);
        assertEquals(expected, figures(counts));
        assumeTrue(python(), "python3 is not on the PATH: the script's output is not compared again");
        JsonNode script = run(file);
        List<Count> theirs = new ArrayList<>();
        for (JsonNode t : script.path("tasks")) {
            List<String> sequences = new ArrayList<>();
            t.path("sequences").forEach(s -> sequences.add(s.asText()));
            theirs.add(new Count(t.path("task").asText(), t.path("runs").asInt(), t.path("distinct").asInt(),
                    t.path("judged").asInt(), t.path("passing").asInt(), -1, sequences));
        }
        assertEquals(theirs, counts.stream().map(c -> new Count(c.task, c.runs, c.distinct, c.judged, c.passing, -1, c.sequences)).toList());
        assertEquals(script.path("digest").asText(), figures(counts).digest());
    }

    record Count(String task, int runs, int distinct, int judged, int passing, int steps, List<String> sequences) {
    }

    private static List<Count> counts(Alignment alignment) throws Exception {
        List<Count> counts = new ArrayList<>();
        for (TaskAlignment task : alignment.tasks()) {
            List<String> sequences = new ArrayList<>();
            int steps = 0;
            for (AlignedRun run : task.runs()) {
                sequences.add(hex(String.join("\n", run.steps().stream().map(RunStep::key).toList()), 8));
                steps += run.steps().size();
            }
            counts.add(new Count(task.task(), task.runs().size(), task.distinctSequences(), task.judged().size(),
                    task.passing(), steps, sequences));
        }
        return counts;
    }

    private static Figures figures(List<Count> counts) throws Exception {
        StringBuilder digest = new StringBuilder();
        for (Count c : counts) {
            digest.append(c.task).append('\n').append(String.join("\n", c.sequences)).append('\n');
        }
        return new Figures(counts.stream().mapToInt(Count::runs).sum(), counts.size(),
                counts.stream().mapToInt(Count::distinct).sum(), counts.stream().mapToInt(Count::judged).sum(),
                counts.stream().mapToInt(Count::passing).sum(), counts.stream().mapToInt(Count::steps).sum(),
                hex(digest.toString(), 16));
    }

    private static String hex(String text, int digits) throws Exception {
        byte[] sha = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(sha).substring(0, digits);
    }

    private static boolean python() {
        try {
            Process p = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static JsonNode run(Path file) throws Exception {
        Process p = new ProcessBuilder("python3", SCRIPT.toString(), file.toString()).redirectErrorStream(false).start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "align_count.py failed: " + err);
        return new ObjectMapper().readTree(out);
    }
}
