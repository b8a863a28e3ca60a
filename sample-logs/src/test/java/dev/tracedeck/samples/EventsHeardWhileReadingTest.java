package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
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
 * A window that shows rows while a file is read hears every event of every sample, once, in seq order, as the very
 * objects the finished trace holds: nothing it shows early is replaced or missing later.
 */
class EventsHeardWhileReadingTest {

    private static final Path MODULE = Path.of(System.getProperty("basedir", "."));

    @Test
    void everySampleIsHeardEventForEvent() throws Exception {
        List<Path> samples = samples();
        assertTrue(samples.size() > 40, "samples found: " + samples.size());
        for (Path sample : samples) {
            List<Event> heard = new ArrayList<>();
            Trace trace = Importers.standard().read(ImportSource.of(sample), new ImportListener() {
                @Override
                public void added(Event event) {
                    heard.add(event);
                }
            });
            assertEquals(trace.events().size(), heard.size(), sample.toString());
            for (int i = 0; i < heard.size(); i++) {
                assertSame(trace.events().get(i), heard.get(i), sample + " event " + i);
            }
        }
    }

    /** Every sample file, and the Claude Code project folders (read whole as one trace). */
    private static List<Path> samples() throws Exception {
        List<Path> all = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MODULE, 3)) {
            files.filter(p -> !MODULE.relativize(p).startsWith("target") && !MODULE.relativize(p).startsWith("src"))
                    .filter(p -> Files.isRegularFile(p) && p.toString().matches(".*\\.(log|json|jsonl|gz|eval)$"))
                    .sorted().forEach(all::add);
        }
        return all;
    }
}
