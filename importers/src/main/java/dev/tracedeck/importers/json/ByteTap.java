package dev.tracedeck.importers.json;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import dev.tracedeck.importers.text.LineReader;

/**
 * Keeps the bytes that pass through it from a mark on, so a value the streaming parser read can be shown as it
 * stands in the file. The reader releases what it no longer needs after each value, so what is kept is one
 * value plus the parser's read-ahead, never the file. Also counts newlines, for the report's line count.
 *
 * <p>What it keeps is bounded whatever the file holds. Between values (after a release, before the next value's
 * first byte) whitespace, commas and colons are not kept: no value's text starts with them, and a document with a
 * gigabyte of blank lines between two messages would otherwise be held whole. A value longer than {@code maxKept}
 * bytes keeps its first {@link #HEAD} bytes to show and, past them, only the last {@link #TAIL} bytes read (the
 * parser's read-ahead, where the next value may start): its text is then its start and a note of what was not kept.
 */
final class ByteTap extends FilterInputStream {

    /** What an over-long value keeps of its start, to show. */
    static final int HEAD = 1 << 16;
    /** What an over-long value keeps of the bytes read last: more than the parser reads ahead. */
    static final int TAIL = 1 << 16;

    private final int maxKept;
    private byte[] kept = new byte[1 << 16];
    /** Stream offset of {@code kept[0]}. */
    private long base;
    private int length;
    private long newlines;
    private int lastByte = -1;
    /** True while nothing but whitespace and separators came since the last release: they are not kept. */
    private boolean between = true;
    /** The start of a value that grew past {@code maxKept}, and where it starts; null when none did. */
    private byte[] head;
    private long headStart;

    ByteTap(InputStream in) {
        this(in, LineReader.maxLineBytesSetting());
    }

    ByteTap(InputStream in, int maxKept) {
        super(in);
        this.maxKept = Math.max(HEAD + TAIL, maxKept);
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
            for (int i = off; i < off + n; i++) {
                if (b[i] == '\n') {
                    newlines++;
                }
            }
            lastByte = b[off + n - 1];
            int from = off;
            if (between && length == 0) {
                while (from < off + n && isBetweenValues(b[from])) {
                    from++;
                }
                base += from - off;
                between = from == off + n;
            }
            keep(b, from, off + n - from);
        }
        return n;
    }

    private void keep(byte[] b, int off, int n) {
        if (n == 0) {
            return;
        }
        if (length + n > kept.length) {
            kept = Arrays.copyOf(kept, (int) Math.min(Math.max(kept.length * 2L, (long) length + n), maxKept + (long) TAIL + n));
        }
        System.arraycopy(b, off, kept, length, n);
        length += n;
        if (length > maxKept) {
            if (head == null) {
                head = Arrays.copyOf(kept, HEAD);
                headStart = base;
            }
            int drop = length - TAIL;
            System.arraycopy(kept, drop, kept, 0, TAIL);
            length = TAIL;
            base += drop;
        }
    }

    private static boolean isBetweenValues(byte c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == ',' || c == ':';
    }

    /** Forgets the bytes before stream offset {@code offset}. */
    void release(long offset) {
        int drop = (int) Math.min(Math.max(0, offset - base), length);
        if (drop > 0) {
            System.arraycopy(kept, drop, kept, 0, length - drop);
            length -= drop;
            base += drop;
        }
        head = null;
        int blank = 0;
        while (blank < length && isBetweenValues(kept[blank])) {
            blank++;
        }
        if (blank > 0) {
            System.arraycopy(kept, blank, kept, 0, length - blank);
            length -= blank;
            base += blank;
        }
        between = length == 0;
        if (kept.length > (1 << 20) && length < (1 << 16)) {
            // A long value went: its buffer need not stay.
            kept = Arrays.copyOf(kept, 1 << 16);
        }
    }

    /** The bytes from {@code from} to {@code to} (stream offsets, not yet released), decoded as UTF-8. */
    String text(long from, long to) {
        if (head != null && from <= headStart) {
            return new String(head, 0, HEAD, StandardCharsets.UTF_8) + "\u2026 [" + String.format("%,d", to - from - HEAD)
                    + " more bytes of this value, past the " + String.format("%,d", maxKept) + " kept of one value]";
        }
        int start = (int) Math.max(0, from - base);
        int end = (int) Math.min(length, to - base);
        return end <= start ? "" : new String(kept, start, end - start, StandardCharsets.UTF_8);
    }

    /** The bytes it holds room for. */
    int capacity() {
        return kept.length + (head == null ? 0 : head.length);
    }

    /** Physical lines read so far: newlines, plus a last line without one. */
    long lines() {
        return newlines + (lastByte >= 0 && lastByte != '\n' ? 1 : 0);
    }
}
