package dev.tracedeck.importers.openai;

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
 * Golden files built from OpenAI's own documented examples (sources in {@code openai/SOURCES.md}): each
 * imports, detected by sniffing, to exactly {@code NAME.expected.txt}. Run with {@code -Dgolden.update=true} to
 * rewrite the expectations after a deliberate change, then read the diff before committing it.
 */
class OpenAiGoldenTest {

    private static final Path DIR = Path.of("src/test/resources/openai");

    @ParameterizedTest
    @ValueSource(strings = {"ft-tool-calling.jsonl", "ft-chat-marv.jsonl", "response-tool-call.json",
        "request-round-trip.json", "request-content-parts.json"})
    void importsToTheGoldenDump(String name) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of("openai/" + name, Files.readAllBytes(DIR.resolve(name))),
                ImportListener.NONE);
        assertEquals(OpenAiChatImporter.FORMAT_ID, trace.format());
        String actual = TraceDump.of(trace);
        Path expected = DIR.resolve(name.substring(0, name.lastIndexOf('.')) + ".expected.txt");
        GoldenFile.assertMatches(expected, actual);
    }
}
