package dev.tracedeck.importers.text;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The next {@code length} bytes of a stream, and no more: a byte range of a file, one entry of an archive. When the
 * stream ends before them, the range either ends there too (a file that shrank between two looks) or is an error
 * (an archive cut inside an entry), as its maker asks.
 */
public final class BoundedStream extends FilterInputStream {

    private final String cutShort;
    private final boolean closesStream;
    private long left;

    private BoundedStream(InputStream in, long length, String cutShort, boolean closesStream) {
        super(in);
        this.left = length;
        this.cutShort = cutShort;
        this.closesStream = closesStream;
    }

    /** The next {@code length} bytes of {@code in}, or fewer when it ends first; closing it closes {@code in}. */
    public static InputStream upTo(InputStream in, long length) {
        return new BoundedStream(in, length, null, true);
    }

    /**
     * Exactly the next {@code length} bytes of {@code in}: when it ends first, an {@link EOFException} saying
     * {@code cutShort}. Closing it leaves {@code in} open, for what follows the range.
     */
    public static InputStream exactly(InputStream in, long length, String cutShort) {
        return new BoundedStream(in, length, cutShort, false);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (left <= 0) {
            return -1;
        }
        int n = super.read(b, off, (int) Math.min(len, left));
        if (n < 0 && cutShort != null) {
            throw new EOFException(cutShort);
        }
        if (n > 0) {
            left -= n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(Math.min(n, left));
        left -= skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(super.available(), left);
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    @Override
    public void close() throws IOException {
        if (closesStream) {
            super.close();
        }
    }
}
