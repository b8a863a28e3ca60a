package dev.tracedeck.importers.atif;

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
 * The ATIF RFC's example and Phoenix's ATIF fixtures (sources in {@code atif/SOURCES.md}): each imports, detected by
 * sniffing, to exactly {@code NAME.expected.txt}. Run with {@code -Dgolden.update=true} to rewrite the expectations
 * after a deliberate change, then read the diff.
 */
class AtifGoldenTest {

    private static final Path DIR = Path.of("src/test/resources");

    @ParameterizedTest
    @ValueSource(strings = {"atif/rfc-example.json", "atif/simple-trajectory.json",
        "atif/parallel-tools-mixed-results.json", "atif/multimodal-trajectory.json", "atif/v17-embedded-subagents.json"})
    void importsToTheGoldenDump(String name) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(name, Files.readAllBytes(DIR.resolve(name))),
                ImportListener.NONE);
        assertEquals("atif", trace.format());
        String actual = TraceDump.of(trace);
        Path expected = DIR.resolve(name.substring(0, name.lastIndexOf('.')) + ".expected.txt");
        GoldenFile.assertMatches(expected, actual);
    }
}
