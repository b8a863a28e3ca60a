package dev.tracedeck.importers.pydanticai;

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
 * The bundled samples of the format (sample-logs/, written in the shapes its documentation and exports show): each
 * imports, detected by sniffing, to exactly {@code NAME.expected.txt}. Run with {@code -Dgolden.update=true} to rewrite the expectations
 * after a deliberate change, then read the diff.
 */
class PydanticAiGoldenTest {

    private static final Path DIR = Path.of("src/test/resources");
    /** The inputs: the bundled samples, written in the shapes the format's documentation and exports show. */
    private static final Path SAMPLES = Path.of("../sample-logs");

    @ParameterizedTest
    @ValueSource(strings = {"pydantic-ai/clean-weather-agent.json", "pydantic-ai/broken-histories.jsonl",
        "pydantic-ai/cut-short.json"})
    void importsToTheGoldenDump(String name) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(name, Files.readAllBytes(SAMPLES.resolve(name))),
                ImportListener.NONE);
        assertEquals("pydantic-ai", trace.format());
        String actual = TraceDump.of(trace);
        Path expected = DIR.resolve(name.substring(0, name.lastIndexOf('.')) + ".expected.txt");
        GoldenFile.assertMatches(expected, actual);
    }
}
