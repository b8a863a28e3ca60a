package dev.tracedeck.importers.fuzz;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;

/**
 * What every import promises whatever the bytes: a trace, or a refusal as an {@link ImportException} (an empty,
 * unreadable or unrecognised file, or not the forced format), never another exception, within the time the fuzz
 * test allows. Memory is bounded by the fuzzing JVM's heap: an input whose import grows out of all proportion
 * ends the run with an {@link OutOfMemoryError} that Jazzer keeps like any other finding.
 */
final class ImportContract {

    /** A name without {@code .gz}, so the bytes are read as they are. */
    static final String NAME = "fuzz-input.log";

    /**
     * JSON Lines parsed on the reading thread ({@code LinePipeline}'s switch), so that no pool of parsing threads
     * is started for each input and a failure is thrown where it happens.
     */
    private static final String JSON_WORKERS = "tracedeck.jsonWorkers";

    private ImportContract() {
    }

    /**
     * Reads {@code bytes} with {@code importers} (sniffing, or forced to one format). Fuzz tests hold Jazzer's
     * global lock, so no other test runs while the property is set.
     */
    static void read(Importers importers, byte[] bytes) {
        String workers = System.setProperty(JSON_WORKERS, "0");
        try {
            importers.read(ImportSource.of(NAME, bytes), ImportListener.NONE);
        } catch (ImportException refused) {
            // The documented refusal; its message names the file.
        } finally {
            if (workers == null) {
                System.clearProperty(JSON_WORKERS);
            } else {
                System.setProperty(JSON_WORKERS, workers);
            }
        }
    }
}
