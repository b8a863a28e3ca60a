package dev.tracedeck.importers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The text of a file of server-sent events (as {@code curl -N} or a proxy saves a streamed answer, and SDKs keep it in
 * their test fixtures: {@code event: …} and {@code data: {…}} lines, a blank line after each event) made JSON Lines of
 * the events' data, byte for byte in place: a {@code data:} field's name (and the one space after it) and the
 * {@code [DONE]} that ends a Chat Completions stream become spaces, as do the {@code event:}, {@code id:} and
 * {@code retry:} lines and comments ({@code :}), which carry no data. Every byte stays where it was, so each event
 * keeps its line and its text is read back from the file as it is; a line that is no field of the format stays as
 * it is, for the reader to report.
 */
final class EventStreamText extends InputStream {

    /** Bytes looked at from a line's start: {@code data: [DONE]} and the line break after it. */
    private static final int LOOKAHEAD = 16;
    private static final byte[] DATA = ascii("data:");
    private static final byte[] DONE = ascii("[DONE]");
    private static final byte[][] NO_DATA = {ascii("event:"), ascii("id:"), ascii("retry:"), ascii(":")};

    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int lim;
    private boolean ended;
    private boolean lineStart = true;
    /** The rest of the line becomes spaces: a field that carries no data. */
    private boolean blanking;

    EventStreamText(InputStream in) {
        this.in = in;
    }

    /**
     * Whether {@code head} (the first bytes of a file, decoded) is server-sent events holding JSON: its lines, after an
     * optional byte order mark and blank lines, fields of the format up to a {@code data:} line whose value starts a
     * JSON object or array.
     */
    static boolean startsOne(byte[] head, int length) {
        int i = length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF ? 3 : 0;
        while (i < length) {
            while (i < length && (head[i] == '\n' || head[i] == '\r' || head[i] == ' ' || head[i] == '\t')) {
                i++;
            }
            if (i >= length) {
                return false;
            }
            if (startsWith(head, i, length, DATA)) {
                int value = i + DATA.length;
                value += value < length && head[value] == ' ' ? 1 : 0;
                if (value < length && (head[value] == '{' || head[value] == '[') && !startsWith(head, value, length, DONE)) {
                    return true;
                }
            } else if (!carriesNoData(head, i, length)) {
                return false;
            }
            while (i < length && head[i] != '\n') {
                i++;
            }
        }
        return false;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int n = 0;
        while (n < len) {
            if (lim - pos < LOOKAHEAD && !ended && (n == 0 || lineStart)) {
                fill();
            }
            if (pos >= lim) {
                break;
            }
            if (lineStart) {
                lineStart = false;
                rewriteLineStart();
            }
            byte c = buf[pos++];
            if (c == '\n') {
                lineStart = true;
                blanking = false;
            } else if (blanking && c != '\r') {
                c = ' ';
            }
            b[off + n++] = c;
        }
        return n == 0 ? -1 : n;
    }

    /** Turns the field name of the line at {@code pos} into spaces, or marks the line one to blank. */
    private void rewriteLineStart() {
        if (startsWith(buf, pos, lim, DATA)) {
            int value = pos + DATA.length;
            value += value < lim && buf[value] == ' ' ? 1 : 0;
            blank(pos, value);
            int end = value + DONE.length;
            if (startsWith(buf, value, lim, DONE) && (end == lim ? ended : buf[end] == '\n' || buf[end] == '\r')) {
                blank(value, end);
            }
        } else if (carriesNoData(buf, pos, lim)) {
            blanking = true;
        }
    }

    private void blank(int from, int to) {
        for (int i = from; i < to; i++) {
            buf[i] = ' ';
        }
    }

    /** Reads on until {@link #LOOKAHEAD} bytes wait or the input ends. */
    private void fill() throws IOException {
        System.arraycopy(buf, pos, buf, 0, lim - pos);
        lim -= pos;
        pos = 0;
        while (lim < LOOKAHEAD && !ended) {
            int r = in.read(buf, lim, buf.length - lim);
            if (r < 0) {
                ended = true;
            } else {
                lim += r;
            }
        }
    }

    private static boolean carriesNoData(byte[] b, int at, int length) {
        for (byte[] field : NO_DATA) {
            if (startsWith(b, at, length, field)) {
                return true;
            }
        }
        return false;
    }

    private static boolean startsWith(byte[] b, int at, int length, byte[] prefix) {
        if (length - at < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[at + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
