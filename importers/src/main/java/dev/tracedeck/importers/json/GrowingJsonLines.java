package dev.tracedeck.importers.json;

import dev.tracedeck.importers.FileRanges;
import dev.tracedeck.importers.FileSpan;
import dev.tracedeck.importers.GrowingRead;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Set;

/**
 * A JSON Lines file read as it grows ({@link GrowingRead}): the reading ({@link JsonImport} and the importer's
 * {@link Resumable} records) stays open between reads and takes each time only the lines added; then it is ended as
 * the end of the file would end it, the trace built, and everything the ending did taken back, to read on.
 */
public final class GrowingJsonLines implements GrowingRead {

    /** An importer's reading that can be ended provisionally: {@link #checkpoint()} says how to take its end back. */
    public interface Resumable extends JsonImport.Records {
        /**
         * Remembers what {@link #end} and the writes it makes change in this reading (not in the writer, which keeps
         * its own checkpoint); the returned action puts it back.
         */
        Runnable checkpoint();
    }

    /** What the importer makes of a read that ended: its trace, or the refusal a fresh import would give. */
    @FunctionalInterface
    public interface Ending {
        Trace build(JsonImport.Result result) throws ImportException;
    }

    private final String name;
    private final Path file;
    private final ChatTraceWriter out;
    private final Resumable records;
    private final Set<String> streamed;
    private final JsonImport.Preparer preparer;
    private final Ending ending;
    private final JsonImport reading;
    private JsonRecordReader lastReader;
    private long read;
    private long lines;
    /** Set when reading on failed part-way: the lines taken since can't be told apart, so the file is read anew. */
    private boolean spent;

    /**
     * @param out      the writer {@code records} writes to, named {@code name}
     * @param streamed a line's members bound element by element, as the importer reads them
     * @param preparer what the importer prepares of each line where it is parsed, or null
     */
    public GrowingJsonLines(String name, Path file, ChatTraceWriter out, Resumable records, Set<String> streamed,
                            JsonImport.Preparer preparer, Ending ending) {
        this.name = name;
        this.file = file;
        this.out = out;
        this.records = records;
        this.streamed = streamed;
        this.preparer = preparer;
        this.ending = ending;
        this.reading = new JsonImport(out);
    }

    @Override
    public Trace read(long length) throws ImportException {
        if (length < read) {
            throw new IllegalArgumentException("a growing file read back to " + length + " after " + read + " bytes");
        }
        if (spent) {
            throw new IllegalStateException(name + ": reading on failed before; the file is to be read from its start");
        }
        if (length > read || lastReader == null) {
            readOn(length);
        }
        Runnable writes = out.checkpoint();
        Runnable held = records.checkpoint();
        Runnable ended = reading.checkpoint();
        try {
            boolean whole = reading.endHere(lastReader, records);
            return ending.build(new JsonImport.Result(JsonLayout.LINES, read, lines, whole));
        } finally {
            ended.run();
            held.run();
            writes.run();
        }
    }

    private void readOn(long length) throws ImportException {
        spent = true;
        try (InputStream in = FileSpan.open(file, read, length);
             JsonRecordReader reader = JsonRecordReader.continuingLines(in, (int) lines, read, streamed,
                     new FileRanges(file, name), preparer == null ? null : preparer::prepare)) {
            lines = Math.max(lines, reading.readOn(reader, records));
            lastReader = reader;
            read = length;
            spent = false;
        } catch (IOException e) {
            throw new ImportException(name, lines + 1, "read failed: " + e.getMessage(), e);
        }
    }
}
