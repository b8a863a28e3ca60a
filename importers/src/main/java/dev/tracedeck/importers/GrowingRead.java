package dev.tracedeck.importers;

import dev.tracedeck.model.trace.Trace;

/**
 * A file read as it is written: each {@link #read} reads only the bytes added since the one before and gives the
 * trace of the file up to there, the very trace a fresh import of those bytes would give (same events, numbers,
 * lines, threads and records). What the format holds back until it knows more (a message written over several
 * lines, spans written in the order they started) is written provisionally and taken back before reading on.
 *
 * <p>The file's bytes already read must not change; one truncated or replaced is read by a new instance.
 */
public interface GrowingRead {

    /**
     * The trace of the file's first {@code length} bytes, which end with a whole line; {@code length} never goes back.
     *
     * @throws ImportException as a fresh import of those bytes would throw it (a file not of the format yet);
     *                         reading on later is still possible
     * @throws IllegalStateException when an earlier read failed part-way: the file is to be read by a new instance
     */
    Trace read(long length) throws ImportException;
}
