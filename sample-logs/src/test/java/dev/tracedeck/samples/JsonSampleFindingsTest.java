package dev.tracedeck.samples;

import static dev.tracedeck.samples.SampleReadme.sorted;
import static dev.tracedeck.samples.SampleReadme.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.memory.MemoryTimeline;
import dev.tracedeck.analysis.rules.memory.LostUpdate;
import dev.tracedeck.analysis.rules.memory.MemoryWriteUndone;
import dev.tracedeck.analysis.rules.Finding;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's Anthropic, Claude Code, OpenAI Responses, smolagents, OpenTelemetry console, Phoenix, Langfuse, ATIF,
 * Pydantic AI, SDK recording, Letta, Inspect, mem0, Gemini and Bedrock Converse tables are the contract: validating every sample of those folders with
 * the default configuration gives exactly the rows of their "known faults" tables,
 * the file tables name every sample with its line count, and each clean sample passes every rule of its profile
 * (none skipped).
 */
class JsonSampleFindingsTest {

    private static final Path MODULE = SampleReadme.MODULE;

    /**
     * A sample directory, its format, its tables' headings, its clean sample, the rules its broken ones show and the
     * rules its profile does not apply to any trace of the format; whether it is a span format, whose records say how
     * each step ended.
     */
    record Dir(String name, String format, String fileTable, String faultTable, String clean, Set<String> shown,
               Set<String> notJudged, boolean spans) {
        Dir(String name, String format, String fileTable, String faultTable, String clean, Set<String> shown) {
            this(name, format, fileTable, faultTable, clean, shown, Set.of(), false);
        }

        Dir(String name, String format, String fileTable, String faultTable, String clean, Set<String> shown,
            Set<String> notJudged) {
            this(name, format, fileTable, faultTable, clean, shown, notJudged, false);
        }
    }

    private static final List<Dir> DIRS = List.of(
            new Dir("anthropic", "anthropic", "## Anthropic Messages (`anthropic/`)", "### Anthropic known faults",
                    "clean-parallel-tools.json",
                    Set.of("orphaned-tool-call", "tool-result-without-call", "role-order", "unparsed-records")),
            new Dir("claude-code", "claude-code", "## Claude Code sessions (`claude-code/`)", "### Claude Code known faults",
                    "clean-session.jsonl", Set.of("orphaned-tool-call", "tool-result-without-call", "unparsed-records"),
                    // Claude Code caps its tools' output itself.
                    Set.of("oversized-tool-output")),
            new Dir("openai-responses", "openai-responses", "## OpenAI Responses and Codex rollouts (`openai-responses/`)",
                    "### OpenAI Responses known faults", "clean-request.json",
                    Set.of("orphaned-tool-call", "tool-result-without-call", "unparsed-records")),
            // A smolagents observation belongs to the step that made the calls: no result can come without one.
            new Dir("smolagents", "smolagents", "## smolagents memory (`smolagents/`)", "### smolagents known faults",
                    "clean-code-agent.json", Set.of("orphaned-tool-call", "unparsed-records"),
                    // A CodeAgent's observations are capped by smolagents itself.
                    Set.of("oversized-tool-output")),
            new Dir("atif", "atif", "## ATIF trajectories (`atif/`)", "### ATIF known faults", "clean-claude-code.json",
                    Set.of("orphaned-tool-call", "tool-result-without-call", "unparsed-records")),
            new Dir("pydantic-ai", "pydantic-ai", "## Pydantic AI message histories (`pydantic-ai/`)",
                    "### Pydantic AI known faults", "clean-weather-agent.json",
                    Set.of("orphaned-tool-call", "tool-result-without-call", "unparsed-records")),
            // A recorded error response is a failed call, read by failed-span as a span's error is.
            new Dir("sdk-recording", "sdk-recording", "## Provider SDK recordings (`sdk-recording/`)",
                    "### SDK recording known faults", "clean-anthropic-tool-runner.jsonl",
                    Set.of("orphaned-tool-call", "tool-result-without-call", "unparsed-records", "failed-span")),
            // The span formats record each step's outcome, so their clean samples pass failed-span too.
            new Dir("otel-console", "otel-console", "## OpenTelemetry console-exporter dumps (`otel-console/`)",
                    "### OpenTelemetry console-exporter known faults", "clean-agent-run.json",
                    Set.of("orphaned-tool-call", "failed-span", "unparsed-records"), Set.of(), true),
            new Dir("phoenix", "phoenix", "## Phoenix spans (`phoenix/`)", "### Phoenix known faults", "clean-session.json",
                    Set.of("orphaned-tool-call", "tool-result-without-call", "failed-span", "unparsed-records"), Set.of(), true),
            new Dir("langfuse", "langfuse", "## Langfuse traces (`langfuse/`)", "### Langfuse known faults",
                    "clean-export.json", Set.of("orphaned-tool-call", "tool-result-without-call", "failed-span"), Set.of(), true),
            new Dir("letta", "letta", "## Letta agent files (`letta/`)", "### Letta known faults",
                    "clean-memgpt-agent.af", Set.of("orphaned-tool-call", "tool-result-without-call", "memory-write-undone",
                    LostUpdate.ID)),
            new Dir("inspect", "inspect", "## Inspect AI eval logs (`inspect/`)", "### Inspect known faults",
                    "clean-eval.json", Set.of("orphaned-tool-call")),
            // A memory's history holds no conversation: no message, call or result for the chat rules to read, and no
            // user turn to tell a change asked for from one the agent took back unasked (memory-write-undone).
            new Dir("mem0", "mem0-history", "## mem0 history exports (`mem0/`)", "### mem0 known faults",
                    "user-preferences.json", Set.of("unparsed-records"),
                    Set.of("orphaned-tool-call", "tool-result-without-call", "duplicate-tool-call-id",
                            "oversized-tool-output", "repeated-tool-call", "text-tool-call", "role-order",
                            "context-overflow", "context-preflight", "memory-write-undone")),
            new Dir("gemini", "gemini", "## Gemini API bodies (`gemini/`)", "### Gemini known faults",
                    "clean-parallel-calls.json", Set.of("orphaned-tool-call", "tool-result-without-call", "role-order",
                    "unparsed-records")),
            new Dir("bedrock-converse", "bedrock-converse", "## Amazon Bedrock Converse bodies (`bedrock-converse/`)",
                    "### Bedrock Converse known faults", "clean-tool-use.json", Set.of("orphaned-tool-call",
                    "tool-result-without-call", "role-order", "unparsed-records")));

    @Test
    void everySampleGivesExactlyTheFindingsInTheReadmeTable() throws Exception {
        for (Dir dir : DIRS) {
            List<Row> found = new ArrayList<>();
            for (String name : sampleNames(dir)) {
                for (Finding f : validate(dir, name)) {
                    assertFalse(f.evidence().isEmpty(), "a finding without evidence: " + f);
                    found.add(new Row(name, f.line(), f.ruleId(), f.severity().id(), f.threadId(),
                            f.msgIdx().isPresent() ? Integer.toString(f.msgIdx().getAsInt()) : "–"));
                }
            }
            assertEquals(sorted(knownFaults(dir)), sorted(found), dir.name());
        }
    }

    @Test
    void theFileTableNamesEverySampleWithItsLineCount() throws Exception {
        for (Dir dir : DIRS) {
            Map<String, String> table = new TreeMap<>();
            for (List<String> cells : table(dir.fileTable())) {
                table.put(cells.get(0).replace("`", ""), cells.get(1));
            }
            assertEquals(new TreeSet<>(sampleNames(dir)), table.keySet());
            for (Map.Entry<String, String> e : table.entrySet()) {
                byte[] bytes = Files.readAllBytes(MODULE.resolve(dir.name()).resolve(e.getKey()));
                // A zip has no lines of its own: the table says so with a dash, and only for a zip.
                boolean zip = bytes.length >= 4 && bytes[0] == 'P' && bytes[1] == 'K' && bytes[2] == 3 && bytes[3] == 4;
                assertEquals(zip, e.getValue().equals("–"), e.getKey() + ": a dash for a zip, a line count otherwise");
                if (!zip) {
                    String text = new String(bytes, StandardCharsets.UTF_8);
                    long lines = text.chars().filter(c -> c == '\n').count() + (text.endsWith("\n") ? 0 : 1);
                    assertEquals(Long.parseLong(e.getValue()), lines, e.getKey());
                }
            }
        }
    }

    @Test
    void theBrokenSamplesShowTheOrderingAndPairingRules() throws Exception {
        for (Dir dir : DIRS) {
            Set<String> shown = new TreeSet<>();
            knownFaults(dir).forEach(r -> shown.add(r.rule()));
            assertTrue(shown.containsAll(dir.shown()), dir.name() + ": " + shown);
        }
    }

    @Test
    void theCleanSamplesPassEveryRuleOfTheirProfileRatherThanSkippingThem() throws Exception {
        for (Dir dir : DIRS) {
            String resource = "sample-logs/" + dir.name() + "/" + dir.clean();
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
                Trace trace = Importers.standard().read(ImportSource.of(dir.clean(), in.readAllBytes()), ImportListener.NONE);
                Map<String, String> status = new TreeMap<>();
                new Validator(RuleConfig.DEFAULT).validate(trace).threads().forEach(t -> t.checks()
                        .forEach(c -> status.put(c.ruleId(), c.status().id())));
                Map<String, String> allPass = new TreeMap<>();
                // A chat history is one history, not snapshots of a state: state-lost-messages has nothing to compare;
                // nor does it record a step's outcome, as spans do: failed-span has nothing to read.
                RuleProfile.forFormat(dir.format()).rules().forEach(r -> allPass.put(r.id(),
                        // No budget is set by default; a clean sample that records no cache usage has no cache to miss.
                        r.id().equals("state-lost-messages") || r.id().equals("budget")
                                || r.id().equals("cache-miss") && !recordsCacheUsage(trace)
                                || r.id().equals("failed-span") && !dir.spans()
                                // a block's limit is what memory-over-limit checks against: without one, nothing to check
                                || r.id().equals("memory-over-limit") && !recordsMemoryLimit(trace)
                                // a write whose value before and after are known is what memory-write-undone compares
                                || r.id().equals(MemoryWriteUndone.ID) && !recordsKnownWrites(trace)
                                // one agent's file: no memory block another agent writes too
                                || r.id().equals(LostUpdate.ID)
                                || dir.notJudged().contains(r.id()) ? "n/a" : "pass"));
                assertEquals(allPass, status, dir.clean());
            }
        }
    }

    private static boolean recordsKnownWrites(Trace trace) {
        return MemoryTimeline.of(trace).memories().stream().flatMap(m -> m.operations().stream())
                .anyMatch(o -> o.op().writes() && !o.failed() && o.before().isPresent() && o.after().isPresent());
    }

    private static boolean recordsMemoryLimit(Trace trace) {
        return MemoryTimeline.of(trace).memories().stream().anyMatch(m -> m.limit().isPresent());
    }

    private static boolean recordsCacheUsage(Trace trace) {
        return trace.threads().stream().flatMap(t -> t.records().modelCalls().stream())
                .anyMatch(c -> c.usage().filter(u -> u.cacheRead() > 0 || u.cacheWrite() > 0).isPresent());
    }

    private static List<Finding> validate(Dir dir, String name) throws Exception {
        String resource = "sample-logs/" + dir.name() + "/" + name;
        try (InputStream in = JsonSampleFindingsTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            Trace trace = Importers.standard().read(ImportSource.of(name, in.readAllBytes()), ImportListener.NONE);
            assertEquals(dir.format(), trace.format(), name);
            return new Validator(RuleConfig.DEFAULT).validate(trace).findings();
        }
    }

    private static List<String> sampleNames(Dir dir) throws IOException {
        try (Stream<Path> files = Files.list(MODULE.resolve(dir.name()))) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static List<Row> knownFaults(Dir dir) throws IOException {
        return SampleReadme.knownFaults(dir.faultTable());
    }
}
