package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.FileRanges;
import dev.tracedeck.importers.FileSpan;
import dev.tracedeck.importers.GrowingRead;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.text.LineReader;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A Mycelian log read as the benchmarker writes it ({@link GrowingRead}): each read takes the lines added since the
 * last; the record still open at the end and the dump still being written are closed provisionally, for the trace,
 * and taken back to read on.
 */
final class GrowingLog implements GrowingRead {

    private final String name;
    private final Path file;
    private final LogReading reading;
    private long read;
    /** Set when reading on failed part-way: the file is to be read anew. */
    private boolean spent;

    GrowingLog(String name, Path file) {
        this.name = name;
        this.file = file;
        this.reading = new LogReading(name, event -> { }, Optional.of(new FileRanges(file, name)));
    }

    @Override
    public Trace read(long length) throws ImportException {
        if (length < read) {
            throw new IllegalArgumentException("a growing file read back to " + length + " after " + read + " bytes");
        }
        if (spent) {
            throw new IllegalStateException(name + ": reading on failed before; the file is to be read from its start");
        }
        if (length > read) {
            readOn(length);
        }
        Runnable undo = reading.checkpoint();
        try {
            // Only whole lines are read: the file does not stop inside a line.
            reading.endHere(true, false);
            reading.refuseWithoutRecords(name);
            return reading.build(MycelianLogImporter.FORMAT_ID, read, true);
        } finally {
            undo.run();
        }
    }

    private void readOn(long length) throws ImportException {
        spent = true;
        try (LineReader reader = LineReader.continuing(FileSpan.open(file, read, length), reading.lines(), read)) {
            reading.readOn(reader, ImportListener.NONE, name);
            read = length;
            spent = false;
        } catch (IOException e) {
            throw new ImportException(name, reading.lines() + 1L, "read failed: " + e.getMessage(), e);
        }
    }
}
