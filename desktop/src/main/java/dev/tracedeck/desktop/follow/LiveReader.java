package dev.tracedeck.desktop.follow;

import dev.tracedeck.desktop.common.TaskContext;
import dev.tracedeck.engine.live.FollowedFile;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.util.Optional;

/**
 * How a followed document learns what its file holds now ({@link GrowingReader}: only the lines added, where the
 * format allows). Called on a worker thread, one call at a time.
 */
public interface LiveReader {

    /**
     * What a look at the file found: how it changed; the trace as it now reads, when it was read; and, once, a sentence
     * about the reading itself (a format read whole again each time), to tell the user.
     */
    record Look(FollowedFile.Change change, Optional<Trace> trace, Optional<String> note) {

        static Look unchanged(FollowedFile.Change change) {
            return new Look(change, Optional.empty(), Optional.empty());
        }

        /** Whether the file was read from its start again: truncated, another file under its name, or rewritten. */
        boolean restarted() {
            return change.restarts();
        }
    }

    /** Looks at the file; {@code context} says whether to give up (the document closed). */
    Look look(TaskContext context) throws IOException, ImportException;
}
