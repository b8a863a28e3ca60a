package dev.tracedeck.importers;

import dev.tracedeck.model.source.SourceText;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Optional;

/**
 * Bytes to import and the name to report them under. Sources are only ever read; a {@code .gz} source is
 * decompressed on the fly, and progress counts the bytes of the file as stored. A folder is a source too (a Claude
 * Code project folder, read file by file: see {@link #folder()}); it has no bytes of its own to open. An input that
 * can be read only once (standard input, a FIFO, {@code <(...)}) is read once, into a temporary file
 * ({@link SpooledInput}).
 */
public final class ImportSource {

    /** Bytes enough to see past a byte order mark and indentation to the first character of a string's text. */
    private static final int HEAD_FOR_STRINGS = 4096;

    /** Opens a fresh stream each time: detection reads the head, the importer reads it all again. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    private final String name;
    private final long size;
    private final boolean gzip;
    private final Opener opener;
    private final SourceText.Reread reread;
    private final Path folder;
    /** The copy of an input that can be read only once, which stands for it; null for a file or bytes. */
    private final SpooledInput spooled;
    /** How the text is held, from the file's first bytes; null until the first look. */
    private volatile Layer layer;

    /** The text as the file holds it: plain, held in JSON strings, or server-sent events. */
    private enum Layer { PLAIN, JSON_STRINGS, EVENT_STREAM }

    private ImportSource(String name, long size, boolean gzip, Opener opener, SourceText.Reread reread, Path folder) {
        this.name = Objects.requireNonNull(name);
        this.size = size;
        this.gzip = gzip;
        this.opener = Objects.requireNonNull(opener);
        this.reread = reread;
        this.folder = folder;
        this.spooled = null;
    }

    private ImportSource(String name, long size, boolean gzip, Opener opener, SourceText.Reread reread) {
        this(name, size, gzip, opener, reread, null);
    }

    private ImportSource(String name, SpooledInput spooled) {
        this.name = Objects.requireNonNull(name);
        this.size = -1;
        this.gzip = false;
        this.opener = () -> Files.newInputStream(spooled.stored().file());
        this.reread = null;
        this.folder = null;
        this.spooled = spooled;
    }

    /**
     * The file at {@code path}, or the folder (its files are the importer's to find and read); one that is not a
     * regular file or a directory (a FIFO, {@code /dev/stdin} on a pipe, a process substitution) is read once, on
     * the first open, and stands for itself from then on.
     */
    public static ImportSource of(Path path) {
        if (Files.isDirectory(path)) {
            return new ImportSource(path.toString(), -1, false, () -> {
                throw new IOException("is a folder");
            }, null, path);
        }
        if (readableOnlyOnce(path)) {
            return onlyOnce(path.toString(), () -> Files.newInputStream(path));
        }
        long size;
        try {
            size = Files.size(path);
        } catch (IOException e) {
            size = -1;
        }
        boolean gzip = path.getFileName() != null && path.getFileName().toString().toLowerCase().endsWith(".gz");
        return new ImportSource(path.toString(), size, gzip, () -> Files.newInputStream(path),
                gzip ? null : new FileRanges(path, path.toString()));
    }

    /**
     * An input that can be read only once (standard input), opened by {@code once} on the first open of the source
     * and read to its end; compressed when it starts with gzip's magic bytes.
     */
    public static ImportSource onlyOnce(String name, Opener once) {
        return new ImportSource(name, new SpooledInput(name, once));
    }

    /**
     * Whether {@code path} names an input that gives its bytes once (a FIFO, a pipe, a terminal, a socket) rather
     * than a file that can be read again; false for a missing file, which opening then reports.
     */
    public static boolean readableOnlyOnce(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class).isOther();
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The first {@code length} bytes of the file at {@code path}, reported as {@code name}: a file being written while
     * it is read, up to the end of its last whole line, so that a line still being written is not read as one cut
     * short. Not compressed; an event's text is read back from the file, whose first bytes don't change.
     */
    public static ImportSource prefix(String name, Path path, long length) {
        return new ImportSource(name, length, false, () -> FileSpan.open(path, 0, length), new FileRanges(path, name));
    }

    public static ImportSource of(String name, byte[] bytes) {
        byte[] copy = bytes.clone();
        return new ImportSource(name, copy.length, name.toLowerCase().endsWith(".gz"), () -> new ByteArrayInputStream(copy), null);
    }

    public String name() {
        return name;
    }

    /** The folder this source is, to be read file by file; empty for a file or bytes. */
    public Optional<Path> folder() {
        return Optional.ofNullable(folder);
    }

    /** Stored size in bytes, or -1 when unknown. */
    public long size() {
        return spooled == null ? size : spooled.storedIfAny().map(SpooledInput.Stored::size).orElse(-1L);
    }

    public boolean isGzip() {
        return spooled == null ? gzip : spooled.storedIfAny().map(SpooledInput.Stored::gzip).orElse(false);
    }

    /**
     * The file, to read a range of it again when an event's text is asked for: present for a file on disk that is
     * not compressed (the decoded stream's offsets are then the file's), empty for a {@code .gz} or bytes.
     */
    public Optional<SourceText.Reread> reread() {
        if (inJsonStrings()) {
            return Optional.empty();
        }
        if (spooled != null) {
            return spooled.storedIfAny().filter(s -> !s.gzip()).map(s -> new FileRanges(s.file(), name));
        }
        return Optional.ofNullable(reread);
    }

    /**
     * Opens the decoded byte stream. {@code counter} is told how many stored bytes have been read so far,
     * which is what progress is measured in. A compressed file cut short ends where its data ends (see
     * {@link SourceStream#endedEarly()}).
     */
    public SourceStream open(ByteCounter counter) throws ImportException {
        try {
            InputStream raw = new CountingInputStream(opener.open(), counter);
            GzipStream gzip = isGzip() ? new GzipStream(raw) : null;
            InputStream decoded = gzip != null ? gzip : raw;
            if (eventStream()) {
                return new SourceStream(raw, gzip, new EventStreamText(decoded));
            }
            return new SourceStream(raw, gzip, inJsonStrings() ? new JsonStringStream(decoded) : null);
        } catch (EOFException e) {
            throw new ImportException(name, 0, isGzip() ? "the compressed file is cut short before any data" : "is empty", e);
        } catch (IOException e) {
            throw ImportException.unreadable(name, e);
        }
    }

    /**
     * Whether the file's text is held in JSON strings: its first value a string that holds a JSON object or array
     * (see {@link JsonStringStream}). Told once, from the first bytes, on the first call; a source that can't be
     * opened is not, and opening it says why.
     */
    public boolean inJsonStrings() {
        return layer() == Layer.JSON_STRINGS;
    }

    /**
     * Whether the file's text is server-sent events whose data is JSON, read as the JSON Lines of that data (see
     * {@link EventStreamText}). Told once, from the first bytes, on the first call, as {@link #inJsonStrings}.
     */
    public boolean eventStream() {
        return layer() == Layer.EVENT_STREAM;
    }

    /** The file's layer, its head read once for every question about it. */
    private Layer layer() {
        Layer known = layer;
        if (known == null) {
            known = Layer.PLAIN;
            if (folder == null) {
                try (InputStream raw = opener.open(); InputStream in = isGzip() ? new GzipStream(raw) : raw) {
                    byte[] head = in.readNBytes(HEAD_FOR_STRINGS);
                    known = JsonStringStream.startsOne(head, head.length) ? Layer.JSON_STRINGS
                            : EventStreamText.startsOne(head, head.length) ? Layer.EVENT_STREAM : Layer.PLAIN;
                } catch (IOException e) {
                    known = Layer.PLAIN;
                }
            }
            layer = known;
        }
        return known;
    }

    /** Receives the running count of stored bytes read. */
    @FunctionalInterface
    public interface ByteCounter {
        ByteCounter NONE = bytes -> { };

        void bytesRead(long total);
    }
}
