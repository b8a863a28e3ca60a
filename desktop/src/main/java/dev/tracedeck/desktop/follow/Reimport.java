package dev.tracedeck.desktop.follow;

import dev.tracedeck.analysis.textcalls.lift.TextCallLifting;
import dev.tracedeck.cli.live.FollowedFile;
import dev.tracedeck.desktop.common.TaskContext;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.Importers;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a followed file again, whole, up to the end of its last whole line, each time it has more lines, was
 * truncated or was replaced (a line still being written waits for its end). Linear in the file at each look: the
 * simple reader, until the importers read only what was added.
 */
public final class Reimport implements LiveReader {

    private final FollowedFile file;
    private final String name;
    private final Importers importers;
    private final TextCallLifting lifting;
    private final String emptyFormat;

    /**
     * @param name        what the trace calls the file: the name its first reading gave it, so events and findings
     *                    keep their places
     * @param lifting     what is done to each reading, as to the file's first
     * @param emptyFormat the format an empty file is said to be of (it has no line to tell)
     */
    public Reimport(Path path, String name, Importers importers, TextCallLifting lifting, String emptyFormat) {
        this.file = new FollowedFile(path);
        this.name = name;
        this.importers = importers;
        this.lifting = lifting;
        this.emptyFormat = emptyFormat;
    }

    @Override
    public Look look(TaskContext context) throws IOException, ImportException {
        FollowedFile.Change change = file.look();
        if (change == FollowedFile.Change.NONE || change == FollowedFile.Change.MISSING) {
            return Look.unchanged(change);
        }
        if (file.complete() == 0) {
            return new Look(change, Optional.of(empty()));
        }
        ImportListener listener = new ImportListener() {
            @Override
            public void progress(long bytesRead, long totalBytes) {
            }

            @Override
            public boolean isCancelled() {
                return context.isCancelled();
            }
        };
        Trace read = importers.read(ImportSource.prefix(name, file.path(), file.complete()), listener);
        return new Look(change, Optional.of(lifting.apply(read)));
    }

    /** A file truncated to nothing, or one with no whole line yet: no event. */
    private Trace empty() {
        return new TraceBuilder().build(new ImportReport(name, emptyFormat, 0, 0, 0, 0, 0, Map.of(), List.of(), 0, true));
    }
}
