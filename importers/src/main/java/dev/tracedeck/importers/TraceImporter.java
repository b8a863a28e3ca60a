package dev.tracedeck.importers;

import dev.tracedeck.importers.sniff.TopLevelNames;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.Optional;

/** Reads one format into a {@link Trace}, streaming: an importer never holds the whole input in memory. */
public interface TraceImporter {

    /** Stable id used in reports and on the command line, e.g. {@code mycelian-log}. */
    String formatId();

    /**
     * How sure this importer is that a file whose first bytes are {@code head} is its format: 0 for no,
     * 100 for certain. The detector picks the highest.
     */
    int confidence(String head);

    /**
     * {@link #confidence(String)} where the names of the file's top-level members can also be asked for past the
     * head ({@code topLevel}): a format told by its top-level shape is then told whatever order its writer put the
     * members in. The detector asks this; most formats decide on the head alone, which is the default.
     */
    default int confidence(String head, TopLevelNames topLevel) {
        return confidence(head);
    }

    Trace read(ImportSource source, ImportListener listener) throws ImportException;

    /**
     * A reading of {@code file} that goes on as the file grows ({@link GrowingRead}), reporting it as {@code name};
     * empty when this format (or this file's layout of it, as its first bytes {@code head} show) can only be read
     * whole, which is the default.
     */
    default Optional<GrowingRead> growing(String name, Path file, ImportSource head) throws ImportException {
        return Optional.empty();
    }
}
