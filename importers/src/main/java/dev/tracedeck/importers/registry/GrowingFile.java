package dev.tracedeck.importers.registry;

import dev.tracedeck.importers.GrowingRead;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * A file followed as it is written, read with the importer its first bytes call for (or the format named): on from
 * where the last read stopped when the format can be read so ({@link GrowingRead}), else whole again each time, but
 * no more than a fifth of the time, so that following a long file of such a format costs a bounded share of a core
 * rather than a read per look. While the file is small its format is sniffed again at each read (its first lines may
 * change the importer's mind, or show JSON Lines where one line looked like a document).
 *
 * <p>Not thread-safe: one follower reads it. A file truncated or replaced is followed by a new instance.
 */
public final class GrowingFile {

    /** Below this length the format is sniffed again at each read; past it the first bytes say all they will. */
    static final long SNIFFED_UNTIL = 64 * 1024;
    /** A whole read waits this many times its own duration after it, at least: at most a fifth of the time. */
    private static final int WHOLE_READ_SPACING = 4;

    private final Importers importers;
    private final Path file;
    private final String name;
    private final LongSupplier nanoClock;
    private TraceImporter importer;
    private GrowingRead growing;
    private long nextWholeRead;
    private boolean putOff;
    private String note;
    private boolean noted;

    /** @param name what traces and messages call the file (the path as the user gave it) */
    public GrowingFile(Importers importers, Path file, String name) {
        this(importers, file, name, System::nanoTime);
    }

    GrowingFile(Importers importers, Path file, String name, LongSupplier nanoClock) {
        this.importers = importers;
        this.file = file;
        this.name = name;
        this.nanoClock = nanoClock;
        this.nextWholeRead = nanoClock.getAsLong();
    }

    /**
     * The trace of the file's first {@code length} bytes, which end with a whole line; empty when the file can only be
     * read whole and the last whole read was too recent ({@link #putOff()} is then true: ask again later, grown or not).
     *
     * @throws ImportException as an import of those bytes would (a file of no known format yet, a refusal); the next
     *                         read tries again
     */
    public Optional<Trace> read(long length) throws ImportException {
        ImportSource head = ImportSource.prefix(name, file, length);
        if (importer == null || length < SNIFFED_UNTIL || growing == null) {
            choose(head);
        }
        if (growing != null) {
            putOff = false;
            try {
                return Optional.of(growing.read(length));
            } catch (NotThisFormatException e) {
                throw importers.refusal(head, e);
            } catch (RuntimeException e) {
                // The reading can't go on from where it is: the next read starts it again from the file's start.
                growing = null;
                importer = null;
                throw new ImportException(name, 0, "reading on failed (" + e + "); the file is read again from its start", e);
            }
        }
        if (length >= SNIFFED_UNTIL && note == null) {
            note = name + ": " + (head.inJsonStrings() ? "text held in JSON strings"
                    : head.eventStream() ? "server-sent events" : importer.formatId())
                    + " can't be read on as the file grows; it is read whole again when it changes, at most a fifth of"
                    + " the time";
        }
        long now = nanoClock.getAsLong();
        if (now - nextWholeRead < 0) {
            putOff = true;
            return Optional.empty();
        }
        putOff = false;
        try {
            return Optional.of(importers.read(head, ImportListener.NONE));
        } finally {
            long end = nanoClock.getAsLong();
            nextWholeRead = end + WHOLE_READ_SPACING * (end - now);
        }
    }

    /** True when the last {@link #read} was put off: a whole read is due later even if the file does not grow. */
    public boolean putOff() {
        return putOff;
    }

    /**
     * Once, when the file's format can't be read on as it grows and the file is no longer small: a sentence saying so,
     * to tell the user why following it costs more. Empty otherwise, and after it was told.
     */
    public Optional<String> note() {
        if (note == null || noted) {
            return Optional.empty();
        }
        noted = true;
        return Optional.of(note);
    }

    /** The format the file is read as, once known. */
    public Optional<String> format() {
        return Optional.ofNullable(importer).map(TraceImporter::formatId);
    }

    /** Picks the importer and, when it can, a reading that goes on; a change of importer starts that reading again. */
    private void choose(ImportSource head) throws ImportException {
        TraceImporter picked = importers.importerFor(head);
        if (picked != importer) {
            importer = picked;
            growing = null;
        }
        // A reading that goes on reads the file's bytes as they are; text held in JSON strings, or server-sent events,
        // is decoded by a whole read.
        if (growing == null && !head.inJsonStrings() && !head.eventStream()) {
            growing = importer.growing(name, file, head).orElse(null);
        }
    }
}
