package dev.tracedeck.importers.json;

import dev.tracedeck.model.json.JsonStringBytes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Walks one JSON value in its UTF-8 bytes without binding anything: it says where each string, member and value is,
 * so a reader can take the few fields it needs and leave the rest (a message's content) where it is in the file. It
 * is strict on purpose, and gives up ({@link GiveUp}) on whatever it is not sure every JSON parser reads the same
 * way: invalid JSON, invalid or unusual UTF-8 (overlong forms, encoded surrogates), a string longer than
 * {@value #MAX_STRING_BYTES} bytes, a member name longer than {@value #MAX_NAME_BYTES} or written with escapes, a
 * number longer than {@value #MAX_NUMBER_CHARS} characters, nesting deeper than {@value #MAX_DEPTH}, a byte order
 * mark. The caller then reads the line the usual way, with Jackson, so that
 * everything outside what this accepts — errors above all — is read and reported as it always was. What it accepts
 * is JSON as RFC 8259 writes it, which Jackson reads to the same values.
 *
 * <p>A cursor: each call reads from the current position, after any whitespace, and moves past what it read.
 */
public final class JsonScanner {

    /** Longer strings are left to Jackson, which has limits of its own on them (20 M characters by default). */
    static final int MAX_STRING_BYTES = 4 << 20;
    /** Jackson's limit on a member's name is 50,000 characters by default. */
    static final int MAX_NAME_BYTES = 1_000;
    static final int MAX_NUMBER_CHARS = 100;
    static final int MAX_DEPTH = 200;

    /** The line is not one this scanner reads; the caller reads it the usual way. Carries no stack trace. */
    public static final class GiveUp extends Exception {
        private static final GiveUp INSTANCE = new GiveUp();

        private GiveUp() {
            super("not read by the scanner", null, false, false);
        }
    }

    /** For a reader on top of this one to give up on what it reads, as this one does. */
    public static GiveUp giveUp() {
        return GiveUp.INSTANCE;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long QUOTES = 0x2222222222222222L;
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;
    private static final long SPACES = 0x2020202020202020L;

    /** What each byte is inside a string, for the bytes where a run of plain ones stops. */
    private static final byte[] KIND = new byte[256];
    private static final byte PLAIN = 0;
    private static final byte QUOTE = 1;
    private static final byte BACKSLASH = 2;
    private static final byte CONTROL = 3;
    private static final byte BEYOND_ASCII = 4;

    static {
        for (int c = 0; c < 256; c++) {
            KIND[c] = c == '"' ? QUOTE : c == '\\' ? BACKSLASH : c < 0x20 ? CONTROL : c >= 0x80 ? BEYOND_ASCII : PLAIN;
        }
    }

    private final byte[] b;
    private final int end;
    private int pos;

    /** The last string read: its characters are {@code b[stringStart, stringEnd)}. */
    private int stringStart;
    private int stringEnd;
    private boolean stringEscaped;
    private int stringCodePoints;

    public JsonScanner(byte[] bytes, int from, int to) {
        this.b = bytes;
        this.pos = from;
        this.end = to;
    }

    public byte[] bytes() {
        return b;
    }

    /** The position after what was read last (before any whitespace). */
    public int position() {
        return pos;
    }

    /** The next byte that is not whitespace, not read; 0 at the end. */
    public byte peek() {
        int i = pos;
        while (i < end) {
            byte c = b[i];
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                pos = i;
                return c;
            }
            i++;
        }
        pos = i;
        return 0;
    }

    /** True when only whitespace is left. */
    public boolean atEnd() {
        return peek() == 0 && pos >= end;
    }

    public void expect(char c) throws GiveUp {
        if (peek() != c) {
            throw GiveUp.INSTANCE;
        }
        pos++;
    }

    /**
     * After a value in an object or an array: true when a comma follows (another member or element), false when
     * {@code close} does (read too).
     */
    public boolean more(char close) throws GiveUp {
        byte c = peek();
        pos++;
        if (c == ',') {
            return true;
        }
        if (c == close) {
            return false;
        }
        throw GiveUp.INSTANCE;
    }

    /** After an object's or an array's opening: true when it has a first member or element, false when it closes. */
    public boolean first(char close) {
        if (peek() == close) {
            pos++;
            return false;
        }
        return true;
    }

    /** Reads a string; see {@link #stringStart()} and the others for what it held. */
    public void string() throws GiveUp {
        string(MAX_STRING_BYTES);
    }

    /**
     * Reads a member's name (a string, then the colon): one written with escapes is given up on, so that a reader may
     * compare the bytes of a name with the names it knows ({@link #stringIs}).
     */
    public void name() throws GiveUp {
        string(MAX_NAME_BYTES);
        if (stringEscaped) {
            throw GiveUp.INSTANCE;
        }
        expect(':');
    }

    private void string(int maxBytes) throws GiveUp {
        if (peek() != '"') {
            throw GiveUp.INSTANCE;
        }
        int i = pos + 1;
        int start = i;
        // Bytes that are not a code point of their own: the rest of a UTF-8 sequence, of an escape, a low surrogate's
        // escape right after a high one's (a String counts the pair as one code point, whoever wrote them).
        int extra = 0;
        boolean escaped = false;
        int highEscapeEnd = -1;
        while (true) {
            // Eight bytes at a time through what most of a string is: ASCII with no quote, backslash or control.
            // A word that has one of those flags it in its byte's high bit, and a borrow only ever flags bytes above
            // a flagged one, so the lowest flag is exactly the first such byte: the scan goes straight to it (a chat
            // message's text has one every few dozen bytes — an escaped newline, a letter beyond ASCII).
            while (i + 8 <= end) {
                long v = (long) LONGS.get(b, i);
                long quote = v ^ QUOTES;
                long backslash = v ^ BACKSLASHES;
                long flags = (v | (quote - ONES) & ~quote | (backslash - ONES) & ~backslash | (v - SPACES) & ~v) & HIGHS;
                if (flags != 0) {
                    i += firstFlagged(flags);
                    break;
                }
                i += 8;
            }
            if (i >= end) {
                throw GiveUp.INSTANCE;
            }
            byte kind = KIND[b[i] & 0xFF];
            if (kind == PLAIN) {
                i++; // only in a string's last seven bytes of the line, which the loop above can't read as a word
                continue;
            }
            if (kind == QUOTE) {
                break;
            }
            if (kind == CONTROL) {
                throw GiveUp.INSTANCE; // a control character must be escaped
            }
            if (kind == BACKSLASH) {
                escaped = true;
                if (i + 1 >= end) {
                    throw GiveUp.INSTANCE;
                }
                byte e = b[i + 1];
                if (e == 'u') {
                    int unit = hex4(i + 2);
                    boolean pairsUp = unit >= 0xDC00 && unit <= 0xDFFF && i == highEscapeEnd;
                    extra += pairsUp ? 6 : 5;
                    highEscapeEnd = unit >= 0xD800 && unit <= 0xDBFF ? i + 6 : -1;
                    i += 6;
                } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
                    extra++;
                    i += 2;
                } else {
                    throw GiveUp.INSTANCE;
                }
                continue;
            }
            int n = utf8Sequence(i);
            extra += n - 1;
            i += n;
        }
        if (i - start > maxBytes) {
            throw GiveUp.INSTANCE;
        }
        stringStart = start;
        stringEnd = i;
        stringEscaped = escaped;
        stringCodePoints = i - start - extra;
        pos = i + 1;
    }

    /**
     * The index (0-7, from the lowest address) of the lowest byte flagged in {@code flags}, whose set bits are all
     * bytes' high bits: the lowest bit alone, moved to the bottom of its byte, picks that byte's index out of a
     * constant by one multiplication. {@code Long.numberOfTrailingZeros} is a call in the batch JVM's quick compiler.
     */
    static int firstFlagged(long flags) {
        return (int) (((flags & -flags) >>> 7) * 0x0001020304050607L >>> 56);
    }

    /** Where the last string's characters start (after its opening quote). */
    public int stringStart() {
        return stringStart;
    }

    /** Where they end (its closing quote). */
    public int stringEnd() {
        return stringEnd;
    }

    /** Its length in code points, as {@code PythonText.length} counts the decoded string. */
    public int stringCodePoints() {
        return stringCodePoints;
    }

    /** The last string, decoded. */
    public String stringValue() {
        if (!stringEscaped && stringCodePoints == stringEnd - stringStart) {
            return new String(b, stringStart, stringEnd - stringStart, StandardCharsets.ISO_8859_1);
        }
        return JsonStringBytes.decode(b, stringStart, stringEnd);
    }

    /** True when the last string is exactly {@code ascii} as written (no escapes). */
    public boolean stringIs(byte[] ascii) {
        int n = stringEnd - stringStart;
        if (n != ascii.length) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (b[stringStart + i] != ascii[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the last string had escapes: one without is its bytes as they are. */
    public boolean stringEscaped() {
        return stringEscaped;
    }

    /** Reads {@code null}; false (and reads nothing) when the next value is something else. */
    public boolean nullValue() throws GiveUp {
        if (peek() != 'n') {
            return false;
        }
        literal("null");
        return true;
    }

    /** Reads over the next value, whatever it is, checking it as it goes. */
    public void skipValue() throws GiveUp {
        skipValue(0);
    }

    private void skipValue(int depth) throws GiveUp {
        switch (peek()) {
            case '"' -> string();
            case '{' -> {
                if (depth >= MAX_DEPTH) {
                    throw GiveUp.INSTANCE;
                }
                pos++;
                if (first('}')) {
                    do {
                        name();
                        skipValue(depth + 1);
                    } while (more('}'));
                }
            }
            case '[' -> {
                if (depth >= MAX_DEPTH) {
                    throw GiveUp.INSTANCE;
                }
                pos++;
                if (first(']')) {
                    do {
                        skipValue(depth + 1);
                    } while (more(']'));
                }
            }
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> number();
        }
    }

    private void literal(String word) throws GiveUp {
        int n = word.length();
        if (pos + n > end) {
            throw GiveUp.INSTANCE;
        }
        for (int i = 0; i < n; i++) {
            if (b[pos + i] != word.charAt(i)) {
                throw GiveUp.INSTANCE;
            }
        }
        pos += n;
        delimited();
    }

    /** {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}, then a delimiter. */
    private void number() throws GiveUp {
        int start = pos;
        if (at('-')) {
            pos++;
        }
        if (at('0')) {
            pos++;
        } else if (digit()) {
            digits();
        } else {
            throw GiveUp.INSTANCE;
        }
        if (at('.')) {
            pos++;
            if (!digit()) {
                throw GiveUp.INSTANCE;
            }
            digits();
        }
        if (at('e') || at('E')) {
            pos++;
            if (at('+') || at('-')) {
                pos++;
            }
            if (!digit()) {
                throw GiveUp.INSTANCE;
            }
            digits();
        }
        if (pos - start > MAX_NUMBER_CHARS) {
            throw GiveUp.INSTANCE;
        }
        delimited();
    }

    /** A literal or a number must not run into what follows ({@code nullx}, {@code 12a}). */
    private void delimited() throws GiveUp {
        if (pos < end) {
            byte c = b[pos];
            if (c != ',' && c != '}' && c != ']' && c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                throw GiveUp.INSTANCE;
            }
        }
    }

    private boolean at(char c) {
        return pos < end && b[pos] == c;
    }

    private boolean digit() {
        return pos < end && b[pos] >= '0' && b[pos] <= '9';
    }

    private void digits() {
        while (digit()) {
            pos++;
        }
    }

    private int hex4(int at) throws GiveUp {
        if (at + 4 > end) {
            throw GiveUp.INSTANCE;
        }
        int v = 0;
        for (int i = at; i < at + 4; i++) {
            int c = b[i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) {
                throw GiveUp.INSTANCE;
            }
            v = v << 4 | d;
        }
        return v;
    }

    /**
     * The length of the well-formed UTF-8 sequence at {@code i} (whose first byte is not ASCII), as the JDK's
     * decoder accepts it: no overlong forms, no surrogates, nothing above U+10FFFF.
     */
    private int utf8Sequence(int i) throws GiveUp {
        int c = b[i] & 0xFF;
        if (c >= 0xC2 && c <= 0xDF) {
            continuation(i + 1, 0x80, 0xBF);
            return 2;
        }
        if (c >= 0xE0 && c <= 0xEF) {
            continuation(i + 1, c == 0xE0 ? 0xA0 : 0x80, c == 0xED ? 0x9F : 0xBF);
            continuation(i + 2, 0x80, 0xBF);
            return 3;
        }
        if (c >= 0xF0 && c <= 0xF4) {
            continuation(i + 1, c == 0xF0 ? 0x90 : 0x80, c == 0xF4 ? 0x8F : 0xBF);
            continuation(i + 2, 0x80, 0xBF);
            continuation(i + 3, 0x80, 0xBF);
            return 4;
        }
        throw GiveUp.INSTANCE;
    }

    private void continuation(int i, int min, int max) throws GiveUp {
        if (i >= end) {
            throw GiveUp.INSTANCE;
        }
        int c = b[i] & 0xFF;
        if (c < min || c > max) {
            throw GiveUp.INSTANCE;
        }
    }
}
