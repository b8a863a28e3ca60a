package dev.tracedeck.importers.smolagents;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.importers.GoldenFile;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.TraceDump;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden files written by smolagents' own agents running its tests' fake models (sources in {@code smolagents/SOURCES.md}): each imports, detected by
 * sniffing, to exactly {@code NAME.expected.txt}. Run with {@code -Dgolden.update=true} to rewrite the expectations
 * after a deliberate change, then read the diff.
 */
class SmolagentsGoldenTest {

    private static final Path DIR = Path.of("src/test/resources");

    @ParameterizedTest
    @ValueSource(strings = {"smolagents/toolcalling-full-steps.json", "smolagents/code-agent-succinct-steps.json",
        "smolagents/planning-step-callbacks.jsonl", "smolagents/max-steps-run-result.json",
        "smolagents/parallel-and-errors-full-steps.json", "smolagents/v1.15-toolcalling-full-steps.json",
        "smolagents/memory-test-steps.jsonl", "smolagents/memory-succinct-steps.jsonl"})
    void importsToTheGoldenDump(String name) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(name, Files.readAllBytes(DIR.resolve(name))),
                ImportListener.NONE);
        assertEquals("smolagents", trace.format());
        String actual = TraceDump.of(trace);
        Path expected = DIR.resolve(name.substring(0, name.lastIndexOf('.')) + ".expected.txt");
        GoldenFile.assertMatches(expected, actual);
    }
}
