package dev.tracedeck.desktop.follow;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.desktop.common.TaskContext;
import dev.tracedeck.engine.live.FollowedFile;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.registry.GrowingFile;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a followed file on from where the last look stopped ({@link GrowingFile}), up to the end of its last whole
 * line (a line still being written waits for its end): a format that can be read so costs each look the lines added,
 * any other is read whole again, no more than a fifth of the time. A file truncated or replaced is read from its
 * start by a new reading. Events read before keep their identity from one look to the next, save the last few the
 * format held provisionally (a record still open): the window keeps its rows and replaces only those.
 */
public final class GrowingReader implements LiveReader {

    private final Path path;
    private final String name;
    private final Importers importers;
    private final TextCallLifting lifting;
    private final String emptyFormat;
    private final FollowedFile file;
    private GrowingFile reading;

    /**
     * @param name        what the trace calls the file: the name its first reading gave it, so events and findings
     *                    keep their places
     * @param lifting     what is done to each reading, as to the file's first (with calls written as text lifted,
     *                    the events of the messages that hold them are made anew at each reading)
     * @param emptyFormat the format an empty file is said to be of (it has no line to tell)
     */
    public GrowingReader(Path path, String name, Importers importers, TextCallLifting lifting, String emptyFormat) {
        this.path = path;
        this.name = name;
        this.importers = importers;
        this.lifting = lifting;
        this.emptyFormat = emptyFormat;
        this.file = new FollowedFile(path);
        this.reading = new GrowingFile(importers, path, name);
    }

    @Override
    public Look look(TaskContext context) throws IOException, ImportException {
        FollowedFile.Change change = file.look();
        switch (change) {
            case MISSING -> {
                return Look.unchanged(change);
            }
            case NONE -> {
                // A format read whole again that was put off last time is due, grown or not.
                if (!reading.putOff()) {
                    return Look.unchanged(change);
                }
            }
            case TRUNCATED, REPLACED, REWRITTEN -> reading = new GrowingFile(importers, path, name);
            case GREW -> { }
        }
        if (file.complete() == 0) {
            return new Look(change, Optional.of(empty()), Optional.empty());
        }
        Optional<Trace> trace = reading.read(file.complete()).map(lifting::apply);
        return new Look(change, trace, reading.note());
    }

    /** A file truncated to nothing, or one with no whole line yet: no event. */
    private Trace empty() {
        return new TraceBuilder().build(new ImportReport(name, emptyFormat, 0, 0, 0, 0, 0, Map.of(), List.of(), 0, true));
    }
}
