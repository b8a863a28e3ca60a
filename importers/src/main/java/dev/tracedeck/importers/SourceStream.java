package dev.tracedeck.importers;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.zip.ZipException;

/**
 * The decoded bytes of an {@link ImportSource}. A file whose text is decoded on the way (compressed, or held in JSON
 * strings) that a crashed run left cut short, or whose data turns corrupt part-way, ends here where its good data
 * ends instead of failing the import: everything that decoded is delivered, and {@link #endedEarly()} says why the
 * rest is missing, so the importer can keep what it read and report where it stopped.
 */
public final class SourceStream extends FilterInputStream {

    /** Most decoded bytes asked of a compressed stream per read; all that corrupt data can cost. */
    private static final int CHUNK = 8192;

    private final boolean compressed;
    private final boolean decoded;
    private final JsonStringStream strings;
    private final GzipStream gzip;
    private long delivered;
    private String endedEarly;

    /** {@code strings} is the stream read when the text is held in JSON strings, otherwise null. */
    SourceStream(InputStream stored, GzipStream gzip, JsonStringStream strings) {
        super(strings != null ? strings : gzip != null ? gzip : stored);
        this.gzip = gzip;
        this.strings = strings;
        this.compressed = gzip != null;
        this.decoded = gzip != null || strings != null;
    }

    /** The stream of a file of server-sent events: {@code events} reads the (decompressed) bytes as JSON Lines. */
    SourceStream(InputStream stored, GzipStream gzip, EventStreamText events) {
        super(events);
        this.gzip = gzip;
        this.strings = null;
        this.compressed = gzip != null;
        this.decoded = gzip != null;
    }

    /**
     * Bytes after the decoded data that are not more of it, when the whole stream was read and there were: where
     * they start and how many. What came before them is all delivered; the importer reports them, as data not read.
     */
    public Optional<String> trailingBytes() {
        Optional<String> afterStrings = strings == null ? Optional.empty() : strings.trailingBytes();
        return afterStrings.isPresent() || gzip == null ? afterStrings : gzip.trailingBytes();
    }

    /** Why the data stops before the file's end, when it does; empty for a file read to its end. */
    public Optional<String> endedEarly() {
        return Optional.ofNullable(endedEarly);
    }

    /** Decoded bytes delivered so far. */
    public long delivered() {
        return delivered;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (endedEarly != null) {
            return -1;
        }
        try {
            // Inflating corrupt data throws away what the same call had decoded: ask for little at a time.
            int n = super.read(b, off, compressed ? Math.min(len, CHUNK) : len);
            if (n > 0) {
                delivered += n;
            }
            return n;
        } catch (EOFException e) {
            if (!decoded) {
                throw e;
            }
            // The decoders hand out every byte they could decode before they throw this, and say how far they got.
            endedEarly = e.getMessage() + ": the file was cut short";
            return -1;
        } catch (ZipException | JsonStringStream.DecodeException e) {
            if (!decoded) {
                throw e;
            }
            endedEarly = e.getMessage() + "; nothing after it was read";
            return -1;
        }
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] sink = new byte[(int) Math.min(n, 8192)];
        long skipped = 0;
        while (skipped < n) {
            int r = read(sink, 0, (int) Math.min(sink.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }
}
