package dev.tracedeck.importers.spans;

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
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Golden files of the span formats read through the shared span pipeline, built from each format's own documented
 * examples and its project's test fixtures (sources in each folder's {@code SOURCES.md}): each imports, detected by
 * sniffing, as its format to exactly {@code NAME.expected.txt}. Run with {@code -Dgolden.update=true} to rewrite
 * the expectations after a deliberate change, then read the diff.
 */
class SpanFormatsGoldenTest {

    private static final Path DIR = Path.of("src/test/resources");

    @ParameterizedTest
    @CsvSource({"otel-console, otel-console/console-examples.txt", "otel-console, otel-console/dotnet-examples.txt",
        "phoenix, phoenix/rest-api-spans.json",
        "langfuse, langfuse/api-trace-openai.json", "langfuse, langfuse/claude-agent-turns.json",
        "langfuse, langfuse/adk-gemini.json"})
    void importsToTheGoldenDump(String format, String name) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(name, Files.readAllBytes(DIR.resolve(name))),
                ImportListener.NONE);
        assertEquals(format, trace.format());
        String actual = TraceDump.of(trace);
        Path expected = DIR.resolve(name.substring(0, name.lastIndexOf('.')) + ".expected.txt");
        GoldenFile.assertMatches(expected, actual);
    }
}
