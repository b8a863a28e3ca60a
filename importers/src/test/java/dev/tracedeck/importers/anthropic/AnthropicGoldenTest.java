package dev.tracedeck.importers.anthropic;

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
 * Golden files built from Anthropic's own recorded API exchanges and documented examples (sources in {@code anthropic/SOURCES.md}): each
 * imports, detected by sniffing, to exactly {@code NAME.expected.txt}. Run with {@code -Dgolden.update=true} to
 * rewrite the expectations after a deliberate change, then read the diff before committing it.
 */
class AnthropicGoldenTest {

    private static final Path DIR = Path.of("src/test/resources/anthropic");

    @ParameterizedTest
    @ValueSource(strings = {"sdk-runner-request.json", "sdk-runner-response.json", "sdk-unexpected-tool-result.json",
        "sdk-programmatic-tool-call.json", "docs-is-error.jsonl"})
    void importsToTheGoldenDump(String name) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of("anthropic/" + name, Files.readAllBytes(DIR.resolve(name))),
                ImportListener.NONE);
        assertEquals(AnthropicImporter.FORMAT_ID, trace.format());
        String actual = TraceDump.of(trace);
        Path expected = DIR.resolve(name.substring(0, name.lastIndexOf('.')) + ".expected.txt");
        GoldenFile.assertMatches(expected, actual);
    }
}
