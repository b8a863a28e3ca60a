package dev.tracedeck.importers;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Optional;

/**
 * The text of a file whose JSON values are strings that hold JSON: a document saved with {@code json.dump} of the
 * string an API returned (Letta's SDK returns an exported agent file as a string, and its own examples write it that
 * way), or JSON Lines whose every line was encoded twice. Each top-level string is decoded (RFC 8259 escapes,
 * {@code \\uXXXX} pairs to UTF-8) and ends in a line break (added where its text has none), so a document comes out
 * as itself and doubly encoded lines come out as the lines they were. The decoding is one pass with a fixed buffer.
 *
 * <p>A value that is not a string ends the text: it and everything after it are reported as bytes not read
 * ({@link #trailingBytes()}), as a gzip file's trailing garbage is. A string the file ends inside fails with how much
 * of it was decoded ({@link EOFException}), and a backslash that starts no JSON escape with where it is
 * ({@link DecodeException}): what decoded before either is delivered.
 */
final class JsonStringStream extends InputStream {

    /** A byte sequence in the string that JSON does not allow. */
    static final class DecodeException extends IOException {
        DecodeException(String message) {
            super(message);
        }
    }

    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int lim;
    /** The file offset of {@code buf[0]}. */
    private long bufStart;
    /** Decoded bytes not yet handed out: a {@code \\u} escape's UTF-8 or the line break after a string. */
    private final byte[] pending = new byte[4];
    private int pendingPos;
    private int pendingLim;
    private boolean inString;
    /** The last byte a string decoded to, to end its text with a line break only when it has none. */
    private int lastDecoded = '\n';
    /** A failure met after some bytes of a read were decoded: thrown on the next read, once those are handed out. */
    private IOException failure;
    private boolean ended;
    private long output;
    private long stringStart;
    private String trailing;

    JsonStringStream(InputStream in) {
        this.in = in;
    }

    /**
     * Whether {@code head} (the first bytes of a file, decoded) is a JSON string whose text starts a JSON object or
     * array, after an optional byte order mark and whitespace on either side of the quote.
     */
    static boolean startsOne(byte[] head, int length) {
        int i = length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF ? 3 : 0;
        while (i < length && isBlank(head[i])) {
            i++;
        }
        if (i >= length || head[i] != '"') {
            return false;
        }
        i++;
        while (i < length) {
            byte b = head[i];
            if (b == ' ') {
                i++;
            } else if (b == '\\' && i + 1 < length && (head[i + 1] == 'n' || head[i + 1] == 'r' || head[i + 1] == 't')) {
                i += 2;
            } else {
                return b == '{' || b == '[';
            }
        }
        return false;
    }

    /** Bytes from the first value that is not a string on, when the whole stream was read and there were. */
    Optional<String> trailingBytes() {
        return Optional.ofNullable(trailing);
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
        if (failure != null) {
            IOException f = failure;
            failure = null;
            throw f;
        }
        int n = 0;
        while (n < len) {
            if (pendingPos < pendingLim) {
                b[off + n++] = pending[pendingPos++];
                continue;
            }
            if (ended) {
                break;
            }
            if (pos == lim && !fill()) {
                if (inString) {
                    if (n > 0) {
                        break;
                    }
                    throw new EOFException(String.format(Locale.ROOT, "the file ends inside the JSON string that holds its"
                            + " text, after %,d bytes of it (a string that starts at byte %,d)", output, stringStart));
                }
                ended = true;
                break;
            }
            if (!inString) {
                between();
                continue;
            }
            // Plain bytes, copied in one run up to the next quote or backslash.
            int start = pos;
            int room = len - n;
            while (pos < lim && pos - start < room && buf[pos] != '"' && buf[pos] != '\\') {
                pos++;
            }
            int run = pos - start;
            if (run > 0) {
                System.arraycopy(buf, start, b, off + n, run);
                lastDecoded = buf[pos - 1];
                n += run;
                output += run;
                continue;
            }
            if (pos < lim && buf[pos] == '"') {
                pos++;
                inString = false;
                if (lastDecoded != '\n') {
                    emit('\n');
                }
            } else if (pos < lim) {
                try {
                    escape();
                } catch (IOException e) {
                    if (n == 0) {
                        throw e;
                    }
                    failure = e;
                    break;
                }
            }
        }
        return n == 0 && ended && pendingPos == pendingLim ? -1 : n;
    }

    /** Between strings: blanks are skipped, a quote opens the next string, anything else ends the text. */
    private void between() throws IOException {
        while (pos < lim && isBlank(buf[pos])) {
            pos++;
        }
        if (pos == lim) {
            return;
        }
        if (buf[pos] == '"') {
            stringStart = bufStart + pos;
            lastDecoded = -1;
            pos++;
            inString = true;
            return;
        }
        long at = bufStart + pos;
        long rest = lim - pos;
        pos = lim;
        while (fill()) {
            rest += lim - pos;
            pos = lim;
        }
        trailing = String.format(Locale.ROOT, "%,d bytes from byte %,d of the file on are not a JSON string like the text"
                + " before them; they were not read", rest, at);
        ended = true;
    }

    /** The escape at {@code pos}, which is a backslash; it may end past the buffer, which is then refilled. */
    private void escape() throws IOException {
        long at = bufStart + pos;
        int kind = byteAt(1, at);
        switch (kind) {
            case '"', '\\', '/' -> emit(kind);
            case 'b' -> emit('\b');
            case 'f' -> emit('\f');
            case 'n' -> emit('\n');
            case 'r' -> emit('\r');
            case 't' -> emit('\t');
            case 'u' -> {
                int unit = hex(2, at);
                int advance = 6;
                int codePoint = unit;
                if (Character.isHighSurrogate((char) unit) && byteAt(6, -1) == '\\' && byteAt(7, -1) == 'u') {
                    int low = hex(8, at);
                    if (Character.isLowSurrogate((char) low)) {
                        codePoint = Character.toCodePoint((char) unit, (char) low);
                        advance = 12;
                    }
                }
                if (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE) {
                    // A lone surrogate has no UTF-8: the replacement character stands for it, as a decoder's would.
                    codePoint = 0xFFFD;
                }
                utf8(codePoint);
                pos += advance;
                return;
            }
            default -> throw new DecodeException(String.format(Locale.ROOT,
                    "a backslash at byte %,d of the file starts no JSON escape", at));
        }
        pos += 2;
    }

    /**
     * The byte {@code ahead} places after {@code pos}, keeping the buffer's bytes from {@code pos} on; -1 past the end
     * of the file, which fails inside an escape when {@code escapeAt} is not -1.
     */
    private int byteAt(int ahead, long escapeAt) throws IOException {
        while (pos + ahead >= lim) {
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, lim - pos);
                bufStart += pos;
                lim -= pos;
                pos = 0;
            }
            int r = in.read(buf, lim, buf.length - lim);
            if (r < 0) {
                if (escapeAt < 0) {
                    return -1;
                }
                throw new EOFException(String.format(Locale.ROOT, "the file ends inside the escape at byte %,d of the JSON"
                        + " string that holds its text, after %,d bytes of it", escapeAt, output));
            }
            lim += r;
        }
        return buf[pos + ahead] & 0xFF;
    }

    private int hex(int from, long escapeAt) throws IOException {
        int value = 0;
        for (int k = from; k < from + 4; k++) {
            int digit = Character.digit(byteAt(k, escapeAt), 16);
            if (digit < 0) {
                throw new DecodeException(String.format(Locale.ROOT,
                        "the \\u escape at byte %,d of the file is not followed by four hex digits", escapeAt));
            }
            value = value * 16 + digit;
        }
        return value;
    }

    private void utf8(int cp) {
        pendingPos = 0;
        if (cp < 0x80) {
            pending[0] = (byte) cp;
            pendingLim = 1;
        } else if (cp < 0x800) {
            pending[0] = (byte) (0xC0 | cp >> 6);
            pending[1] = (byte) (0x80 | cp & 0x3F);
            pendingLim = 2;
        } else if (cp < 0x10000) {
            pending[0] = (byte) (0xE0 | cp >> 12);
            pending[1] = (byte) (0x80 | cp >> 6 & 0x3F);
            pending[2] = (byte) (0x80 | cp & 0x3F);
            pendingLim = 3;
        } else {
            pending[0] = (byte) (0xF0 | cp >> 18);
            pending[1] = (byte) (0x80 | cp >> 12 & 0x3F);
            pending[2] = (byte) (0x80 | cp >> 6 & 0x3F);
            pending[3] = (byte) (0x80 | cp & 0x3F);
            pendingLim = 4;
        }
        output += pendingLim;
        lastDecoded = pending[pendingLim - 1];
    }

    private void emit(int b) {
        lastDecoded = b;
        pending[0] = (byte) b;
        pendingPos = 0;
        pendingLim = 1;
        output++;
    }

    private boolean fill() throws IOException {
        bufStart += lim;
        pos = 0;
        lim = 0;
        int r = in.read(buf, 0, buf.length);
        if (r < 0) {
            return false;
        }
        lim = r;
        return true;
    }

    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
