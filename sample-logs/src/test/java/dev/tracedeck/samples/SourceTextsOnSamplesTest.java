package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every sample of every format opened from disk — where the JSON Lines importers keep texts as ranges of the file —
 * gives every event the very text, payload and source it gets when the same bytes are held in memory.
 */
class SourceTextsOnSamplesTest {

    private static final Path MODULE = Path.of(System.getProperty("basedir", "."));

    @Test
    void fromDiskEveryEventReadsAsFromBytes() throws Exception {
        long ranges = 0;
        for (Path sample : samples()) {
            Trace fromFile = Importers.standard().read(ImportSource.of(sample), ImportListener.NONE);
            Trace held = Importers.standard().read(ImportSource.of(sample.toString(), Files.readAllBytes(sample)),
                    ImportListener.NONE);
            assertEquals(held.events().size(), fromFile.events().size(), sample.toString());
            for (int i = 0; i < held.events().size(); i++) {
                Event h = held.events().get(i);
                Event f = fromFile.events().get(i);
                String where = sample + " event " + i;
                assertEquals(h.text(), f.text(), where);
                assertEquals(h.payload(), f.payload(), where);
                assertEquals(h.source(), f.source(), where);
                ranges += f.sourceText().isHeld() ? 0 : 1;
            }
        }
        assertTrue(ranges > 20, "the JSON Lines samples keep their texts in the file: " + ranges);
    }

    private static List<Path> samples() throws Exception {
        List<Path> all = new ArrayList<>();
        for (String dir : List.of("mycelian", "openai", "anthropic", "claude-code", "openai-responses", "langchain",
                "langgraph", "smolagents", "otlp", "otel-console", "phoenix", "langfuse", "atif",
                "pydantic-ai", "sdk-recording", "mem0", "gemini", "bedrock-converse")) {
            try (Stream<Path> files = Files.list(MODULE.resolve(dir))) {
                files.filter(p -> p.toString().matches(".*\\.(log|json|jsonl|gz)$")).sorted().forEach(all::add);
            }
        }
        return all;
    }
}
