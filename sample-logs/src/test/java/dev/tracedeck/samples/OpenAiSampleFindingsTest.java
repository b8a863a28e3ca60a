package dev.tracedeck.samples;

import static dev.tracedeck.samples.SampleReadme.sorted;
import static dev.tracedeck.samples.SampleReadme.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Rule;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.RuleProfile;
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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's OpenAI tables are the contract: validating every {@code openai/} sample with the default
 * configuration gives exactly the rows of "OpenAI known faults", the file table names every sample with its line
 * count, and every rule of the generic profile is shown by some sample.
 */
class OpenAiSampleFindingsTest {

    private static final Path MODULE = SampleReadme.MODULE;
    private static final Path SAMPLES = MODULE.resolve("openai");

    @Test
    void everySampleGivesExactlyTheFindingsInTheReadmeTable() throws Exception {
        List<Row> found = new ArrayList<>();
        for (String name : sampleNames()) {
            for (Finding f : validate(name)) {
                assertFalse(f.evidence().isEmpty(), "a finding without evidence: " + f);
                found.add(new Row(name, f.line(), f.ruleId(), f.severity().id(), f.threadId(),
                        f.msgIdx().isPresent() ? Integer.toString(f.msgIdx().getAsInt()) : "–"));
            }
        }
        assertEquals(sorted(knownFaults()), sorted(found));
    }

    @Test
    void theFileTableNamesEverySampleWithItsLineCount() throws Exception {
        Map<String, Integer> table = new TreeMap<>();
        for (List<String> cells : table("## OpenAI Chat Completions (`openai/`)")) {
            table.put(cells.get(0).replace("`", ""), Integer.parseInt(cells.get(1)));
        }
        assertEquals(new TreeSet<>(sampleNames()), table.keySet());
        for (Map.Entry<String, Integer> e : table.entrySet()) {
            String text = Files.readString(SAMPLES.resolve(e.getKey()), StandardCharsets.UTF_8);
            long lines = text.chars().filter(c -> c == '\n').count() + (text.endsWith("\n") ? 0 : 1);
            assertEquals(e.getValue().longValue(), lines, e.getKey());
        }
    }

    /** Rules about the model's context window need a history bigger than the window: not a small sample. */
    private static final Set<String> NEEDS_A_HUGE_HISTORY = Set.of("context-overflow", "context-preflight");
    /** A chat history file is one history, not snapshots of a state: nothing to compare between two. */
    private static final Set<String> NEEDS_SNAPSHOTS = Set.of("state-lost-messages");
    /** Only a trace of spans records a step's outcome (the otlp samples show failed-span): a chat file has none. */
    private static final Set<String> NEEDS_SPANS = Set.of("failed-span");
    /** No sample here records cache usage, and no budget is set: the cost rules can't judge them. */
    private static final Set<String> NEEDS_CACHE_USAGE_OR_BUDGET = Set.of("cache-miss", "budget");
    /**
     * A chat file keeps no memory, so no limit and no value to follow (letta/block-over-limit.af shows
     * memory-over-limit, letta/write-undone.af memory-write-undone).
     */
    private static final Set<String> NEEDS_A_MEMORY_LIMIT = Set.of("memory-over-limit", "memory-write-undone");
    /**
     * A chat file holds one agent: no memory block another agent writes too (letta/sleeptime-lost-update.af shows
     * lost-update).
     */
    private static final Set<String> NEEDS_TWO_AGENTS_OF_ONE_MEMORY = Set.of("lost-update");

    @Test
    void everyGenericRuleIsShownBySomeOpenAiSample() throws Exception {
        Set<String> shown = knownFaults().stream().map(Row::rule).collect(Collectors.toCollection(TreeSet::new));
        Set<String> all = RuleProfile.genericChat().rules().stream().map(Rule::id)
                .filter(id -> !NEEDS_A_HUGE_HISTORY.contains(id) && !NEEDS_SNAPSHOTS.contains(id) && !NEEDS_SPANS.contains(id)
                        && !NEEDS_CACHE_USAGE_OR_BUDGET.contains(id) && !NEEDS_A_MEMORY_LIMIT.contains(id)
                        && !NEEDS_TWO_AGENTS_OF_ONE_MEMORY.contains(id))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(all, shown);
    }

    @Test
    void theCleanRequestPassesEveryGenericRuleRatherThanSkippingThem() throws Exception {
        String name = "clean-tool-calls.json";
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("sample-logs/openai/" + name)) {
            Trace trace = Importers.standard().read(ImportSource.of(name, in.readAllBytes()), ImportListener.NONE);
            Map<String, String> status = new TreeMap<>();
            new Validator(RuleConfig.DEFAULT).validate(trace).threads().forEach(t -> t.checks()
                    .forEach(c -> status.put(c.ruleId(), c.status().id())));
            Map<String, String> allPass = new TreeMap<>();
            RuleProfile.genericChat().rules().forEach(r -> allPass.put(r.id(),
                    NEEDS_SNAPSHOTS.contains(r.id()) || NEEDS_SPANS.contains(r.id())
                            || NEEDS_CACHE_USAGE_OR_BUDGET.contains(r.id()) || NEEDS_A_MEMORY_LIMIT.contains(r.id())
                            || NEEDS_TWO_AGENTS_OF_ONE_MEMORY.contains(r.id()) ? "n/a" : "pass"));
            assertEquals(allPass, status);
        }
    }

    private static List<Finding> validate(String name) throws Exception {
        String resource = "sample-logs/openai/" + name;
        try (InputStream in = OpenAiSampleFindingsTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            Trace trace = Importers.standard().read(ImportSource.of(name, in.readAllBytes()), ImportListener.NONE);
            assertEquals("openai-chat", trace.format(), name);
            return new Validator(RuleConfig.DEFAULT).validate(trace).findings();
        }
    }

    private static List<String> sampleNames() throws IOException {
        try (Stream<Path> files = Files.list(SAMPLES)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static List<Row> knownFaults() throws IOException {
        return SampleReadme.knownFaults("### OpenAI known faults");
    }

    /** The rows (header and separator skipped) of the first table after the heading. */
}
