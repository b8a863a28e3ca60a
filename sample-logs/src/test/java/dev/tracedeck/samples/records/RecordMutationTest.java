package dev.tracedeck.samples.records;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No record lost without a word: every JSON sample of every format, read again with one value changed to a value of
 * the wrong type ({@link Mutation}: a number for a string, a number or a string for a list, a number, a string or a
 * list for an object, the record itself included), must give either what the sample gives (the importer does not
 * read that value, or keeps it as written), or the record that value is in as a malformed record at its lines — never
 * an {@code other} record, never a thread of its own, never fewer records, never something else read silently — or a
 * refusal of the file. {@link MutationJudge} says which.
 *
 * <p>Each place a value has in a format (its path with the kinds of the records on the way,
 * {@link Mutation#shape}) is tried in the first and the last record that has it, in the first sample that does;
 * nothing inside a value whose replacement read nothing differently is tried. The verdicts are written to
 * {@code target/record-mutations.txt}, a table per format and every failure.
 */
class RecordMutationTest {

    private static final Path SAMPLES = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();

    /** {@code -Dmutations.format=ID} tries that format's samples only, while working on its importer. */
    private static final String ONLY = System.getProperty("mutations.format", "");

    /** How many records of one place of a format are tried: the first and the last of a sample. */
    private static final int TRIES_PER_PLACE = 2;

    /** Formats whose importers do not hold to this yet: their failures are counted and written, not failed on. */
    private static final Set<String> NOT_YET = Set.of("atif", "inspect", "langchain",
            "langfuse", "langgraph", "letta", "openai-responses", "otel-console", "otlp", "phoenix",
            "pydantic-ai", "sdk-recording", "smolagents");

    /**
     * A value a format documents as taking the other type too: a change to it gives a record that is not wrong.
     *
     * @param format     the formats (their ids, a space between), or "*" for every one
     * @param shapeEnd   the end of the value's place ({@link Mutation#shape})
     * @param what       the change ({@code string for list})
     */
    record Allowed(String format, String shapeEnd, String what, String why) {
        boolean covers(String f, Mutation m) {
            return (format.equals("*") || List.of(format.split(" ")).contains(f)) && m.what().equals(what)
                    && m.shape().endsWith(shapeEnd);
        }
    }

    /** The formats that hold Anthropic messages. */
    private static final String ANTHROPIC_MESSAGES = "anthropic claude-code sdk-recording";

    private static final List<Allowed> ALLOWED = List.of(
            new Allowed("*", "/content", "string for list", "a message's content is a string or a list of parts"),
            new Allowed("openai-chat", "/content/*", "string for object", "a content part may be a plain string"),
            new Allowed("langchain", "/content/*", "string for object", "a content list holds strings and blocks"),
            new Allowed(ANTHROPIC_MESSAGES, "/content/*", "string for object", "a block may be a plain string, read as text"),
            new Allowed(ANTHROPIC_MESSAGES, "[type=tool_use]/input", "string for object",
                    "a client may keep a call's streamed partial_json as text"));

    @Test
    void aWrongTypedRecordIsMalformedNeverOtherNeverGone() throws Exception {
        Map<String, Tally> tallies = new TreeMap<>();
        Map<String, Integer> tries = new HashMap<>();
        long started = System.nanoTime();
        long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        for (Path file : samples()) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            MutationJudge judge = new MutationJudge(file.getFileName().toString(), text);
            String format = judge.format();
            if (!ONLY.isEmpty() && !ONLY.equals(format)) {
                continue;
            }
            Tally tally = tallies.computeIfAbsent(format, f -> new Tally());
            LocatedJson json = LocatedJson.parse(text, file.toString().endsWith(".jsonl"));
            Set<Mutation> chosen = choose(json, format, tries);
            Set<LocatedJson.Node> notRead = Collections.newSetFromMap(new IdentityHashMap<>());
            for (LocatedJson.Node node : json.nodes()) {
                if (node.parent != null && notRead.contains(node.parent)) {
                    notRead.add(node);
                    continue;
                }
                for (Mutation m : Mutation.of(json, node)) {
                    if (!chosen.contains(m)) {
                        continue;
                    }
                    String verdict = ALLOWED.stream().anyMatch(a -> a.covers(format, m)) ? "allowed" : judge.judge(m);
                    if (verdict.equals(MutationJudge.NOT_READ) && m.replacement().equals("42")
                            && node.type != LocatedJson.Type.STRING) {
                        notRead.add(node);
                    }
                    tally.add(verdict, format + " " + SAMPLES.relativize(file) + ": " + m + " [" + m.shape() + "]: "
                            + verdict);
                }
            }
        }
        String table = table(tallies, (System.nanoTime() - started) / 1e9,
                (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu) / 1e9);
        StringBuilder report = new StringBuilder(table);
        tallies.forEach((format, t) -> t.failures.forEach(f -> report.append(f).append('\n')));
        Files.createDirectories(SAMPLES.resolve("target"));
        Files.writeString(SAMPLES.resolve("target/record-mutations.txt"), report);
        System.out.println(table);

        Map<String, List<String>> failing = new TreeMap<>();
        Set<String> heldNow = new TreeSet<>();
        tallies.forEach((format, t) -> {
            if (!NOT_YET.contains(format) && !t.failures.isEmpty()) {
                failing.put(format, t.failures);
            } else if (NOT_YET.contains(format) && t.failures.isEmpty()) {
                heldNow.add(format);
            }
        });
        assertEquals(Map.of(), failing, "records lost, passed as other or read as something else");
        if (ONLY.isEmpty()) {
            assertEquals(Set.of(), heldNow, "formats that hold now: take them out of NOT_YET");
        }
    }

    /**
     * The changes to try in one sample: of each place's changes not yet tried {@value #TRIES_PER_PLACE} times, those of
     * the first and the last record that has it.
     */
    private static Set<Mutation> choose(LocatedJson json, String format, Map<String, Integer> tries) {
        Map<String, List<Mutation>> byPlace = new LinkedHashMap<>();
        for (LocatedJson.Node node : json.nodes()) {
            for (Mutation m : Mutation.of(json, node)) {
                byPlace.computeIfAbsent(format + " " + m.shape() + " " + m.what(), k -> new ArrayList<>()).add(m);
            }
        }
        Set<Mutation> chosen = new HashSet<>();
        byPlace.forEach((place, all) -> {
            int left = TRIES_PER_PLACE - tries.getOrDefault(place, 0);
            List<Mutation> picks = all.size() == 1 ? all : List.of(all.get(0), all.get(all.size() - 1));
            for (Mutation m : picks.subList(0, Math.max(0, Math.min(left, picks.size())))) {
                chosen.add(m);
                tries.merge(place, 1, Integer::sum);
            }
        });
        return chosen;
    }

    /** One format's verdicts. */
    private static final class Tally {
        final Map<String, Integer> counts = new HashMap<>();
        final List<String> failures = new ArrayList<>();

        void add(String verdict, String line) {
            String kind = switch (verdict) {
                case MutationJudge.NOT_READ, MutationJudge.MALFORMED, MutationJudge.REFUSED, "allowed" -> verdict;
                default -> "failed";
            };
            counts.merge(kind, 1, Integer::sum);
            if (kind.equals("failed")) {
                failures.add(line);
            }
        }
    }

    private static String table(Map<String, Tally> tallies, double seconds, double cpuSeconds) {
        StringBuilder t = new StringBuilder(String.format("%-18s %6s %9s %10s %8s %8s %7s%n", "format", "tried",
                "not read", "malformed", "refused", "allowed", "failed"));
        int[] total = new int[6];
        tallies.forEach((format, tally) -> {
            int[] c = {0, tally.counts.getOrDefault(MutationJudge.NOT_READ, 0),
                    tally.counts.getOrDefault(MutationJudge.MALFORMED, 0),
                    tally.counts.getOrDefault(MutationJudge.REFUSED, 0), tally.counts.getOrDefault("allowed", 0),
                    tally.counts.getOrDefault("failed", 0)};
            c[0] = c[1] + c[2] + c[3] + c[4] + c[5];
            for (int i = 0; i < c.length; i++) {
                total[i] += c[i];
            }
            t.append(String.format("%-18s %6d %9d %10d %8d %8d %7d%s%n", format, c[0], c[1], c[2], c[3], c[4], c[5],
                    NOT_YET.contains(format) ? "  (not yet)" : ""));
        });
        t.append(String.format("%-18s %6d %9d %10d %8d %8d %7d%n", "all", total[0], total[1], total[2], total[3],
                total[4], total[5]));
        return t.append(String.format("%.1f s (%.1f s of CPU)%n", seconds, cpuSeconds)).toString();
    }

    /** The samples written as JSON: every format's but the Mycelian logs (text) and Inspect's zipped {@code .eval}. */
    private static List<Path> samples() throws IOException {
        try (Stream<Path> files = Files.walk(SAMPLES, 2)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.getParent().getParent().equals(SAMPLES))
                    .filter(p -> p.toString().endsWith(".json") || p.toString().endsWith(".jsonl")
                            || p.toString().endsWith(".af"))
                    .sorted().toList();
        }
    }
}
