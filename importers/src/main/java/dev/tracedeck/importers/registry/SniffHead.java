package dev.tracedeck.importers.registry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * The first kilobytes of a file that detection looks at: {@link #BYTES} from the first byte that is not whitespace.
 * Leading whitespace is passed over as it streams by, never held, up to {@link #MAX_SKIPPED} bytes: a file that
 * starts with megabytes of blanks is sniffed on what follows them, and one of nothing but whitespace is empty. What
 * was passed over is counted, so a place in the head is told as the file's line and column.
 */
final class SniffHead {

    static final int BYTES = 16 * 1024;
    /** Whitespace passed over before giving up: far more than any tool pads a file with. */
    static final long MAX_SKIPPED = 256L << 20;

    private final byte[] bytes;
    private final long skipped;
    private final int skippedLines;
    private final int skippedColumns;
    private final boolean whitespaceOnly;

    private SniffHead(byte[] bytes, long skipped, int skippedLines, int skippedColumns, boolean whitespaceOnly) {
        this.bytes = bytes;
        this.skipped = skipped;
        this.skippedLines = skippedLines;
        this.skippedColumns = skippedColumns;
        this.whitespaceOnly = whitespaceOnly;
    }

    static SniffHead read(InputStream in) throws IOException {
        byte[] chunk = new byte[1 << 16];
        long skipped = 0;
        int lines = 0;
        int columns = 0;
        while (skipped <= MAX_SKIPPED) {
            int n = in.readNBytes(chunk, 0, chunk.length);
            int i = 0;
            while (i < n && isWhitespace(chunk[i])) {
                if (chunk[i] == '\n') {
                    lines++;
                    columns = 0;
                } else {
                    columns++;
                }
                i++;
            }
            skipped += i;
            if (i < n) {
                byte[] head = new byte[BYTES];
                int have = Math.min(n - i, BYTES);
                System.arraycopy(chunk, i, head, 0, have);
                have += in.readNBytes(head, have, BYTES - have);
                return new SniffHead(Arrays.copyOf(head, have), skipped, lines, columns, false);
            }
            if (n < chunk.length) {
                return new SniffHead(new byte[0], skipped, lines, columns, skipped > 0);
            }
        }
        throw new TooMuchWhitespace(String.format(Locale.ROOT, "starts with more than %,d MiB of whitespace, past which nothing"
                + " was looked for", MAX_SKIPPED >> 20));
    }

    /** A file whose first {@link #MAX_SKIPPED} bytes are all whitespace. */
    static final class TooMuchWhitespace extends IOException {
        TooMuchWhitespace(String message) {
            super(message);
        }
    }

    private static boolean isWhitespace(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '\f';
    }

    /** True when the file may go on past the head: whatever the head ends inside is cut, not broken. */
    boolean cut() {
        return bytes.length == BYTES;
    }

    /** The head's bytes, from the first that is not whitespace. */
    byte[] bytes() {
        return bytes;
    }

    String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    boolean isEmpty() {
        return bytes.length == 0;
    }

    /** True for a file that holds whitespace and nothing else. */
    boolean whitespaceOnly() {
        return whitespaceOnly;
    }

    /** Whitespace bytes passed over before the head. */
    long skipped() {
        return skipped;
    }

    /** The file's line of a line of the head (both from 1). */
    int fileLine(int headLine) {
        return skippedLines + headLine;
    }

    /** The file's column of a column (from 1) on a line of the head: the first line starts after the skipped blanks. */
    int fileColumn(int headLine, int headColumn) {
        return headLine == 1 ? skippedColumns + headColumn : headColumn;
    }
}
