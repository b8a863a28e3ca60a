package dev.tracedeck.samples;

import static dev.tracedeck.samples.SampleReadme.sorted;
import static dev.tracedeck.samples.SampleReadme.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
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

/**
 * The README's OpenTelemetry tables are the contract: validating every {@code otlp/} sample with the default
 * configuration gives exactly the rows of its known-faults table, and the file table names every sample with its
 * line count.
 */
class OtlpSampleFindingsTest {

    private static final String FORMAT = "otlp";

    @Test
    void everySampleGivesExactlyTheFindingsInTheReadmeTable() throws Exception {
        List<Row> found = new ArrayList<>();
        for (String name : sampleNames()) {
            for (Finding f : new Validator(RuleConfig.DEFAULT).validate(read(name)).findings()) {
                assertFalse(f.evidence().isEmpty(), "a finding without evidence: " + f);
                found.add(new Row(name, f.line(), f.ruleId(), f.severity().id(), f.threadId(),
                        f.msgIdx().isPresent() ? Integer.toString(f.msgIdx().getAsInt()) : "–"));
            }
        }
        assertEquals(sorted(SampleReadme.knownFaults("### OpenTelemetry known faults")), sorted(found));
    }

    @Test
    void theFileTableNamesEverySampleWithItsLineCount() throws Exception {
        Map<String, Integer> table = new TreeMap<>();
        for (List<String> cells : table("## OpenTelemetry traces (`otlp/`)")) {
            table.put(cells.get(0).replace("`", ""), Integer.parseInt(cells.get(1)));
        }
        assertEquals(new TreeSet<>(sampleNames()), table.keySet());
        for (Map.Entry<String, Integer> e : table.entrySet()) {
            String text = Files.readString(SampleReadme.MODULE.resolve(FORMAT).resolve(e.getKey()), StandardCharsets.UTF_8);
            long lines = text.chars().filter(c -> c == '\n').count() + (text.endsWith("\n") ? 0 : 1);
            assertEquals(e.getValue().longValue(), lines, e.getKey());
        }
    }

    @Test
    void theAgentSpanWrittenAfterItsChildrenComesFirstAndEveryTurnAddsOnlyWhatIsNew() throws Exception {
        Trace trace = read("clean-agent-session.jsonl");
        assertEquals(List.of("conv_6f1d2a9e4b7c"), trace.threads().stream().map(t -> t.id()).toList());
        Event first = trace.event(0);
        assertEquals(EventKind.SPAN, first.kind());
        assertEquals(2, first.source().firstLine(), "the first turn's invoke_agent span is in the batch written second");
        List<String> roles = trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message().role()).toList();
        assertEquals(List.of("system", "user", "assistant", "tool", "tool", "assistant", "user", "assistant", "tool", "assistant"),
                roles);
    }

    @Test
    void aFailedToolSpanIsFollowedByAnError() throws Exception {
        Trace trace = read("cut-short.jsonl");
        List<Event> errors = trace.events().stream().filter(e -> e.kind() == EventKind.ERROR).toList();
        assertEquals(1, errors.size());
        assertEquals(4, errors.get(0).source().firstLine());
        assertFalse(trace.report().complete());
    }

    private static Trace read(String name) throws Exception {
        String resource = "sample-logs/" + FORMAT + "/" + name;
        try (InputStream in = OtlpSampleFindingsTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            Trace trace = Importers.standard().read(ImportSource.of(name, in.readAllBytes()), ImportListener.NONE);
            assertEquals(FORMAT, trace.format(), name);
            return trace;
        }
    }

    private static List<String> sampleNames() throws IOException {
        try (Stream<Path> files = Files.list(SampleReadme.MODULE.resolve(FORMAT))) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
