package dev.tracedeck.importers.json;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Keeps the bytes that pass through it from a mark on, so a value the streaming parser read can be shown as it
 * stands in the file. The reader releases what it no longer needs after each value, so what is kept is one
 * value plus the parser's read-ahead, never the file. Also counts newlines, for the report's line count.
 */
final class ByteTap extends FilterInputStream {

    private byte[] kept = new byte[1 << 16];
    /** Stream offset of {@code kept[0]}. */
    private long base;
    private int length;
    private long newlines;
    private int lastByte = -1;

    ByteTap(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            if (length + n > kept.length) {
                kept = Arrays.copyOf(kept, Math.max(kept.length * 2, length + n));
            }
            System.arraycopy(b, off, kept, length, n);
            length += n;
            for (int i = off; i < off + n; i++) {
                if (b[i] == '\n') {
                    newlines++;
                }
            }
            lastByte = b[off + n - 1];
        }
        return n;
    }

    /** Forgets the bytes before stream offset {@code offset}. */
    void release(long offset) {
        int drop = (int) Math.min(Math.max(0, offset - base), length);
        if (drop > 0) {
            System.arraycopy(kept, drop, kept, 0, length - drop);
            length -= drop;
            base += drop;
        }
    }

    /** The bytes from {@code from} to {@code to} (stream offsets, not yet released), decoded as UTF-8. */
    String text(long from, long to) {
        int start = (int) Math.max(0, from - base);
        int end = (int) Math.min(length, to - base);
        return end <= start ? "" : new String(kept, start, end - start, StandardCharsets.UTF_8);
    }

    /** Physical lines read so far: newlines, plus a last line without one. */
    long lines() {
        return newlines + (lastByte >= 0 && lastByte != '\n' ? 1 : 0);
    }
}
