package dev.tracedeck.samples;

import static dev.tracedeck.samples.SampleReadme.sorted;
import static dev.tracedeck.samples.SampleReadme.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.analysis.rules.state.ExecutionTraceInConversation;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Payload;
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
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The README's LangChain and LangGraph tables are the contract: validating every {@code langchain/} and
 * {@code langgraph/} sample with the default configuration gives exactly the rows of their known-faults tables,
 * and the file tables name every sample with its line count.
 */
class LangChainSampleFindingsTest {

    private static final Path MODULE = SampleReadme.MODULE;

    @ParameterizedTest
    @CsvSource({"langchain, ### LangChain known faults", "langgraph, ### LangGraph known faults"})
    void everySampleGivesExactlyTheFindingsInTheReadmeTable(String format, String heading) throws Exception {
        List<Row> found = new ArrayList<>();
        for (String name : sampleNames(format)) {
            for (Finding f : validate(format, name).findings()) {
                assertFalse(f.evidence().isEmpty(), "a finding without evidence: " + f);
                found.add(new Row(name, f.line(), f.ruleId(), f.severity().id(), f.threadId(),
                        f.msgIdx().isPresent() ? Integer.toString(f.msgIdx().getAsInt()) : "–"));
            }
        }
        assertEquals(sorted(knownFaults(heading)), sorted(found));
    }

    @ParameterizedTest
    @CsvSource({"langchain, ## LangChain message histories (`langchain/`)",
        "langgraph, ## LangGraph state histories (`langgraph/`)"})
    void theFileTableNamesEverySampleWithItsLineCount(String format, String heading) throws Exception {
        Map<String, Integer> table = new TreeMap<>();
        for (List<String> cells : table(heading)) {
            table.put(cells.get(0).replace("`", ""), Integer.parseInt(cells.get(1)));
        }
        assertEquals(new TreeSet<>(sampleNames(format)), table.keySet());
        for (Map.Entry<String, Integer> e : table.entrySet()) {
            String text = Files.readString(MODULE.resolve(format).resolve(e.getKey()), StandardCharsets.UTF_8);
            long lines = text.chars().filter(c -> c == '\n').count() + (text.endsWith("\n") ? 0 : 1);
            assertEquals(e.getValue().longValue(), lines, e.getKey());
        }
    }

    @Test
    void theSeparatedStatePassesTheExecutionTraceRuleRatherThanSkippingIt() throws Exception {
        Validation v = validate("langgraph", "separated-execution.json");
        assertEquals(List.of(CheckStatus.PASS), v.threads().stream().flatMap(t -> t.checks().stream())
                .filter(c -> c.ruleId().equals(ExecutionTraceInConversation.ID)).map(c -> c.status()).toList());
        Validation clean = validate("langgraph", "clean-react-agent.json");
        assertEquals(List.of(CheckStatus.NOT_APPLICABLE), clean.threads().stream().flatMap(t -> t.checks().stream())
                .filter(c -> c.ruleId().equals(ExecutionTraceInConversation.ID)).map(c -> c.status()).toList());
    }

    @Test
    void aLangGraphHistoryListedNewestFirstGrowsTurnByTurn() throws Exception {
        Trace trace = read("langgraph", "clean-react-agent.json");
        List<Integer> sizes = trace.events().stream().filter(e -> e.payload() instanceof Payload.StateDump)
                .map(e -> ((Payload.StateDump) e.payload()).snapshot().size()).toList();
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), sizes);
        List<String> marks = trace.events().stream().filter(e -> e.payload() instanceof Payload.StateDump)
                .map(e -> ((Payload.StateDump) e.payload()).diff().summary()).toList();
        assertEquals(List.of("=", "+1", "+1", "+1", "+1", "+1", "+1"), marks);
        Trace leak = read("langgraph", "execution-buffer-leak.json");
        assertTrue(leak.events().stream().filter(e -> e.payload() instanceof Payload.StateDump)
                .map(e -> ((Payload.StateDump) e.payload()).snapshot())
                .allMatch(s -> s.section("execution_buffer").isPresent()), "every checkpoint keeps its execution_buffer");
    }

    private static Validation validate(String format, String name) throws Exception {
        return new Validator(RuleConfig.DEFAULT).validate(read(format, name));
    }

    private static Trace read(String format, String name) throws Exception {
        String resource = "sample-logs/" + format + "/" + name;
        try (InputStream in = LangChainSampleFindingsTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            Trace trace = Importers.standard().read(ImportSource.of(name, in.readAllBytes()), ImportListener.NONE);
            assertEquals(format, trace.format(), name);
            return trace;
        }
    }

    private static List<String> sampleNames(String format) throws IOException {
        try (Stream<Path> files = Files.list(MODULE.resolve(format))) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static List<Row> knownFaults(String heading) throws IOException {
        return SampleReadme.knownFaults(heading);
    }

    /** The rows (header and separator skipped) of the first table after the heading. */
}
