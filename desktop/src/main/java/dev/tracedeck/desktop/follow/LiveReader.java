package dev.tracedeck.desktop.follow;

import dev.tracedeck.cli.live.FollowedFile;
import dev.tracedeck.desktop.common.TaskContext;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.util.Optional;

/**
 * How a followed document learns what its file holds now. {@link Reimport} reads the file again up to its last whole
 * line each time it grew; a reader that reads only the new lines can take its place without the window changing.
 * Called on a worker thread, one call at a time.
 */
public interface LiveReader {

    /** What a look at the file found: how it changed, and the trace as it now reads when it did change. */
    record Look(FollowedFile.Change change, Optional<Trace> trace) {

        static Look unchanged(FollowedFile.Change change) {
            return new Look(change, Optional.empty());
        }
    }

    /** Looks at the file; {@code context} says whether to give up (the document closed). */
    Look look(TaskContext context) throws IOException, ImportException;
}
