package dev.tracedeck.samples;

import static dev.tracedeck.samples.SampleReadme.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Rule;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.RuleProfile;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.samples.SampleReadme.Row;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's known-faults table is the contract: validating every Mycelian sample with the default
 * configuration gives exactly its rows (file, line, rule, severity, thread, msg_idx) and nothing else. When a
 * sample or a rule changes, regenerate the samples (tools/gen_mycelian_samples.py) and update the table.
 */
class SampleFindingsTest {

    /** Rules a Mycelian log cannot show (README, "Rules no Mycelian log can show"). */
    private static final Set<String> NOT_SHOWABLE = Set.of("duplicate-tool-call-id", "oversized-tool-output",
            "role-order", "cache-miss", "budget", "memory-over-limit", "lost-update");
    /**
     * Checked on every sample but failed by none: to fill 80% of a 128k window a Mycelian log, whose dumps show
     * 200-character previews, needs thousands of entries per dump. ContextRulesTest shows both failing.
     */
    private static final Set<String> TOO_BIG_FOR_A_SAMPLE = Set.of("context-overflow", "context-preflight");
    /**
     * Shown by a sample of another format: a Mycelian context put back as it was with no message between the two
     * put_context calls is a log no Mycelian sample holds; letta/write-undone.af shows memory-write-undone.
     */
    private static final Set<String> SHOWN_ELSEWHERE = Set.of("memory-write-undone");

    private static final Path MODULE = Path.of(System.getProperty("basedir", "."));
    private static final Path SAMPLES = MODULE.resolve("mycelian");
    private static final Path README = MODULE.resolve("README.md");

    @Test
    void everySampleGivesExactlyTheFindingsInTheReadmeTable() throws Exception {
        List<Row> documented = knownFaults();
        List<Row> found = new ArrayList<>();
        for (String name : sampleNames()) {
            for (Finding f : validate(name).findings()) {
                assertFalse(f.evidence().isEmpty(), "a finding without evidence: " + f);
                found.add(new Row(name, f.line(), f.ruleId(), f.severity().id(), threadSuffix(f.threadId()),
                        f.msgIdx().isPresent() ? Integer.toString(f.msgIdx().getAsInt()) : "–"));
            }
        }
        List<Row> missing = new ArrayList<>(documented);
        found.forEach(missing::remove);
        List<Row> unexpected = new ArrayList<>(found);
        documented.forEach(unexpected::remove);
        assertEquals(sorted(documented), sorted(found), "in the README but not found: " + sorted(missing)
                + "; found but not in the README: " + sorted(unexpected));
    }

    @Test
    void theReadmeTablesNameEverySampleAndOnlySamples() throws Exception {
        Set<String> samples = new TreeSet<>(sampleNames());
        assertEquals(Set.of("after-tool-only.log", "before-prebuilt-react.log", "crashed-mid-call.log",
                "older-runner-levels.log", "prefixless-pasted.log", "protocol-violations.log", "text-tool-calls.log",
                "trimmed-state.log"), samples);
        assertEquals(samples, fileTable().keySet(), "the file table lists every sample");
        for (Row row : knownFaults()) {
            assertTrue(samples.contains(row.file()), "no such sample: " + row);
        }
        assertTrue(knownFaults().stream().noneMatch(r -> r.file().equals("after-tool-only.log")), "the clean run");
    }

    @Test
    void theFileTableGivesEachSamplesLineCount() throws Exception {
        for (Map.Entry<String, Integer> e : fileTable().entrySet()) {
            String text = Files.readString(SAMPLES.resolve(e.getKey()), StandardCharsets.UTF_8);
            assertTrue(text.endsWith("\n"), e.getKey());
            assertEquals(e.getValue().intValue(), (int) text.chars().filter(c -> c == '\n').count(), e.getKey());
        }
    }

    @Test
    void everyMycelianRuleIsShownBySomeSampleExceptThoseNoMycelianLogCanShow() throws Exception {
        Set<String> shown = knownFaults().stream().map(Row::rule).collect(Collectors.toCollection(TreeSet::new));
        Set<String> all = RuleProfile.mycelianToolOnly().rules().stream().map(Rule::id)
                .collect(Collectors.toCollection(TreeSet::new));
        assertTrue(all.containsAll(NOT_SHOWABLE));
        Set<String> expected = new TreeSet<>(all);
        expected.removeAll(NOT_SHOWABLE);
        expected.removeAll(TOO_BIG_FOR_A_SAMPLE);
        expected.removeAll(SHOWN_ELSEWHERE);
        assertEquals(expected, shown);
    }

    @Test
    void theProtocolViolationsRunShowsEachOfItsRulesOnce() throws Exception {
        Map<String, Integer> perRule = new TreeMap<>();
        for (Finding f : validate("protocol-violations.log").findings()) {
            perRule.merge(f.ruleId(), 1, Integer::sum);
        }
        assertEquals(Map.of("missing-add-entry", 1, "content-not-verbatim", 1, "system-persisted", 1,
                "bootstrap-missing", 1, "context-call-during-conversation", 1, "periodic-flush", 1,
                "orphaned-tool-call", 1, "tool-result-without-call", 1, "repeated-tool-call", 1), perRule);
        for (Rule rule : RuleProfile.mycelianToolOnly().rules()) {
            if (NOT_SHOWABLE.contains(rule.id())) {
                validate("protocol-violations.log").threads().stream()
                        .flatMap(t -> t.checks().stream()).filter(c -> c.ruleId().equals(rule.id()))
                        .forEach(c -> assertEquals("n/a", c.status().id(), rule.id() + " on " + c));
            }
        }
    }

    // ----------------------------------------------------------------------------------------------------

    private static List<String> sampleNames() throws IOException {
        try (Stream<Path> files = Files.list(SAMPLES)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".log")).sorted().toList();
        }
    }

    private static Validation validate(String name) throws Exception {
        String resource = "sample-logs/mycelian/" + name;
        try (InputStream in = SampleFindingsTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            Trace trace = Importers.standard().read(ImportSource.of(name, in.readAllBytes()), ImportListener.NONE);
            assertEquals("mycelian-log", trace.format(), name);
            return new Validator(RuleConfig.DEFAULT).validate(trace);
        }
    }

    private static String threadSuffix(String threadId) {
        int colon = threadId.lastIndexOf(':');
        return colon < 0 ? threadId : threadId.substring(colon);
    }

    private static List<String> readme() throws IOException {
        return Files.readAllLines(README, StandardCharsets.UTF_8);
    }

    /** The table rows (header and separator skipped) of the first table after the heading. */
    private static List<List<String>> table(String heading) throws IOException {
        List<String> lines = readme();
        int at = lines.indexOf(heading);
        assertTrue(at >= 0, "README has no heading " + heading);
        while (at < lines.size() && !lines.get(at).startsWith("|")) {
            at++;
        }
        List<List<String>> rows = new ArrayList<>();
        for (int i = at + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String line = lines.get(i).strip();
            List<String> cells = new ArrayList<>();
            for (String cell : line.substring(1, line.length() - 1).split("\\|", -1)) {
                cells.add(cell.strip());
            }
            rows.add(cells);
        }
        assertFalse(rows.isEmpty(), "empty table after " + heading);
        return rows;
    }

    private static final Pattern RULE = Pattern.compile("`([a-z-]+)`");
    private static final Pattern THREAD = Pattern.compile("`(:s\\d+)`");
    private static final Pattern FILE = Pattern.compile("`([a-z-]+\\.log)`");

    /** The known-faults table: File | Line | Rule | Severity | Thread | msg_idx | What the lines show. */
    private static List<Row> knownFaults() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (List<String> cells : table("### Known faults")) {
            assertTrue(cells.size() == 7, "7 cells: " + cells);
            Matcher rule = RULE.matcher(cells.get(2));
            Matcher thread = THREAD.matcher(cells.get(4));
            assertTrue(rule.matches() && thread.matches(), "rule and thread in backticks: " + cells);
            assertTrue(cells.get(5).matches("\\d+|–"), "msg_idx is a number or –: " + cells);
            rows.add(new Row(cells.get(0), Integer.parseInt(cells.get(1)), rule.group(1), cells.get(3),
                    thread.group(1), cells.get(5)));
        }
        return rows;
    }

    /** The file table: File | Lines | What it shows. */
    private static Map<String, Integer> fileTable() throws IOException {
        Map<String, Integer> files = new TreeMap<>();
        for (List<String> cells : table("## Mycelian LongMemEval logs (`mycelian/`)")) {
            Matcher file = FILE.matcher(cells.get(0));
            assertTrue(file.matches(), "file name in backticks: " + cells);
            files.put(file.group(1), Integer.parseInt(cells.get(1)));
        }
        return files;
    }
}
