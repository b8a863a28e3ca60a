package dev.tracedeck.importers.text;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits a byte stream into lines without reading it whole, faster than a {@code BufferedReader} on the
 * ASCII-heavy text of logs: an all-ASCII line becomes a Latin-1 string with one copy, and only lines with
 * other bytes go through UTF-8 decoding and validation.
 *
 * <p>Accepts LF and CRLF endings and drops a leading UTF-8 byte-order mark. A final line without a terminator
 * is still a line; an empty stream has no lines.
 *
 * <p>A line holds at most {@link #maxLineBytes()} bytes (the system property {@value #MAX_LINE_PROPERTY}, by
 * default {@value #DEFAULT_MAX_LINE_BYTES}, at most 1 GiB, which is where a Java array stops growing). A longer
 * line is passed over to its end, never held: it comes out with its first bytes only, cut at a character
 * boundary, and marked with its length ({@link Line#cut()}), so a reader keeps it as a record it could not read
 * and goes on with the next line.
 */
public final class LineReader implements AutoCloseable {

    public static final String MAX_LINE_PROPERTY = "tracedeck.maxLineBytes";
    public static final int DEFAULT_MAX_LINE_BYTES = 256 << 20;
    private static final int LARGEST_LINE_BYTES = 1 << 30;
    /** How much of a line too long to hold is kept. */
    private static final int HEAD_KEPT = 64 << 10;

    /** Reads eight bytes at a time: scanning for the newline is most of the work on ASCII text. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;

    private final InputStream in;
    private byte[] buf = new byte[1 << 20];
    private int start;
    private int end;
    /** Where {@code buf[0]} is in the stream: a line's byte offset is this plus its start in the buffer. */
    private long bufferPosition;
    private boolean eof;
    private int lineNumber;
    private boolean started;
    private int lineEnd;
    private int lineNext;
    private boolean lineAscii;
    private boolean endedMidLine;
    private final RawLine raw = new RawLine();
    private final int maxLineBytes;
    /** The start of a line too long to hold, copied out while the rest of it is passed over; null otherwise. */
    private byte[] cutHead;
    private boolean cutHeadAscii;
    private long cutLineStart;
    private long cutLineLength;
    /** Where the line {@link #next()} returned last starts in the stream, and its bytes when its text is exactly them. */
    private long lastLineStart = -1;
    private int lastLineBytes = -1;

    public LineReader(InputStream in) {
        this(in, maxLineBytesSetting());
    }

    /** @param maxLineBytes the most bytes a line may hold; a longer line is cut (see the class comment) */
    public LineReader(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = Math.max(16, Math.min(maxLineBytes, LARGEST_LINE_BYTES));
    }

    /**
     * Reads on in a file from a line's start: {@code in} gives the file's bytes from {@code position} on, whose first
     * line is line {@code linesBefore + 1}. Line numbers and byte positions are the file's, as if it had been read from
     * its first byte (a byte order mark is only looked for there).
     */
    public static LineReader continuing(InputStream in, int linesBefore, long position) {
        LineReader reader = new LineReader(in);
        reader.lineNumber = linesBefore;
        reader.bufferPosition = position;
        reader.started = position > 0;
        return reader;
    }

    /** The most bytes a line may hold, as the system property {@value #MAX_LINE_PROPERTY} sets it. */
    public static int maxLineBytesSetting() {
        long set = Long.getLong(MAX_LINE_PROPERTY, DEFAULT_MAX_LINE_BYTES);
        return (int) Math.max(16, Math.min(set, LARGEST_LINE_BYTES));
    }

    public int maxLineBytes() {
        return maxLineBytes;
    }

    /** Why a cut line was not read: its length and where it was cut, for the record that keeps it. */
    public String tooLongReason(long length) {
        return String.format(java.util.Locale.ROOT, "the line is %,d bytes long, more than the %,d bytes a line may "
                + "hold (-D%s): it was cut at byte %,d and not read", length, maxLineBytes, MAX_LINE_PROPERTY,
                maxLineBytes);
    }

    /** Where the line {@link #next()} returned last starts in the stream (a byte order mark before it counted). */
    public long lastLineStart() {
        return lastLineStart;
    }

    /**
     * How many bytes the line {@link #next()} returned last takes in the stream, its terminator left out, when its text
     * is exactly those bytes decoded; -1 when it is not: a line ended by a carriage return as well, one with bytes that
     * are not UTF-8, one too long to hold.
     */
    public int lastLineBytes() {
        return lastLineBytes;
    }

    /** The next line, or null at the end of the stream. */
    public Line next() throws IOException {
        return scanLine() ? emit(lineEnd, lineNext, lineAscii) : null;
    }

    /**
     * The next line's bytes, not decoded, or null at the end of the stream: for a reader that parses bytes itself
     * (a JSON Lines line goes to the JSON parser as UTF-8). The view, its buffer included, is only good until the
     * next call.
     */
    public RawLine nextRaw() throws IOException {
        if (!scanLine()) {
            return null;
        }
        if (cutHead != null) {
            lineNumber++;
            raw.set(lineNumber, cutHead, 0, cutHead.length, cutHeadAscii, cutLineStart);
            raw.cutLength = cutLineLength;
            cutHead = null;
            start = lineNext;
            return raw;
        }
        int len = lineEnd - start;
        if (len > 0 && buf[start + len - 1] == '\r') {
            len--;
        }
        lineNumber++;
        raw.set(lineNumber, buf, start, len, lineAscii, bufferPosition + start);
        start = lineNext;
        return raw;
    }

    /** A line's bytes in the reader's buffer; see {@link #nextRaw}. */
    public static final class RawLine {
        private int number;
        private byte[] bytes;
        private int offset;
        private int length;
        private boolean ascii;
        private long position;
        private long cutLength = -1;

        void set(int number, byte[] bytes, int offset, int length, boolean ascii, long position) {
            this.number = number;
            this.bytes = bytes;
            this.offset = offset;
            this.length = length;
            this.ascii = ascii;
            this.position = position;
            this.cutLength = -1;
        }

        /** The line's length in bytes when it was too long to hold and the view has only its start; -1 otherwise. */
        public long cutLength() {
            return cutLength;
        }

        /** The byte offset of the line's first byte in the stream (a byte order mark before it counted). */
        public long position() {
            return position;
        }

        public int number() {
            return number;
        }

        public byte[] bytes() {
            return bytes;
        }

        public int offset() {
            return offset;
        }

        public int length() {
            return length;
        }

        /** True when every byte is ASCII, so that a byte offset is a character offset. */
        public boolean isAscii() {
            return ascii;
        }
    }

    /** Line {@code number} from its bytes (without terminator), decoded as {@link #next} decodes it. */
    public static Line decode(int number, byte[] bytes, boolean ascii) {
        if (ascii) {
            return new Line(number, new String(bytes, StandardCharsets.ISO_8859_1), false);
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        return new Line(number, text, text.indexOf('\uFFFD') >= 0 && !Utf8.isValid(bytes, 0, bytes.length));
    }

    /** Finds the end of the next line: sets {@link #lineEnd}, {@link #lineNext} and {@link #lineAscii}; false at the end. */
    private boolean scanLine() throws IOException {
        if (!started) {
            started = true;
            fill();
            skipBom();
        }
        int scan = start;
        boolean ascii = true;
        while (true) {
            // Sixteen bytes a turn while neither word holds a newline (a JSON Lines line is often tens of KiB): one test
            // and one branch for both, and whether a byte beyond ASCII was seen is gathered and tested once per run.
            long highs = 0;
            while (scan + 16 <= end) {
                long first = (long) LONGS.get(buf, scan);
                long second = (long) LONGS.get(buf, scan + 8);
                long x = first ^ NEWLINES;
                long y = second ^ NEWLINES;
                if ((((x - ONES) & ~x | (y - ONES) & ~y) & HIGHS) != 0) {
                    break;
                }
                highs |= first | second;
                scan += 16;
            }
            ascii &= (highs & HIGHS) == 0;
            while (scan < end) {
                if (scan + 8 <= end) {
                    long word = (long) LONGS.get(buf, scan);
                    long x = word ^ NEWLINES;
                    long newline = (x - ONES) & ~x & HIGHS;
                    if (newline == 0) {
                        ascii &= (word & HIGHS) == 0;
                        scan += 8;
                        continue;
                    }
                    // The lowest flagged byte is exactly the first newline (borrows only run upwards).
                    int before = Long.numberOfTrailingZeros(newline) >>> 3;
                    long head = before == 0 ? 0 : word & HIGHS & (-1L >>> (64 - 8 * before));
                    ascii &= head == 0;
                    return found(scan + before, scan + before + 1, ascii);
                }
                byte b = buf[scan];
                if (b == '\n') {
                    return found(scan, scan + 1, ascii);
                }
                ascii &= b >= 0;
                scan++;
            }
            if (eof) {
                endedMidLine |= start < end || cutHead != null;
                return (start < end || cutHead != null) && found(end, end, ascii);
            }
            if (cutHead == null && scan - start > maxLineBytes) {
                keepHead();
            }
            if (cutHead != null) {
                start = scan; // the rest of a line too long to hold is passed over, never held
            }
            scan -= start;
            fill();
            scan += start;
        }
    }

    /**
     * Copies out the start of the line at {@link #start} (at most {@value #HEAD_KEPT} bytes, which is what shows
     * what the line was), cut before a character that would not fit whole.
     */
    private void keepHead() {
        int keep = Math.min(maxLineBytes, HEAD_KEPT);
        int lead = keep - 1;
        while (lead > 0 && keep - lead < 4 && (buf[start + lead] & 0xC0) == 0x80) {
            lead--;
        }
        int b = buf[start + lead] & 0xFF;
        int size = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
        if (lead + size > keep) {
            keep = lead;
        }
        cutHead = Arrays.copyOfRange(buf, start, start + keep);
        boolean ascii = true;
        for (byte x : cutHead) {
            ascii &= x >= 0;
        }
        cutHeadAscii = ascii;
        cutLineStart = bufferPosition + start;
    }

    private boolean found(int end, int next, boolean ascii) {
        if (cutHead == null && end - start > maxLineBytes) {
            keepHead();
        }
        if (cutHead != null) {
            cutLineLength = bufferPosition + end - cutLineStart;
        }
        lineEnd = end;
        lineNext = next;
        lineAscii = ascii;
        return true;
    }

    /**
     * Consumes the next line without decoding it when its bytes are {@code expected} (a line's UTF-8 encoding)
     * but for a timestamp of the same shape in the first {@code timeLength} bytes, and the line after it starts
     * with such a timestamp too (so nothing continues it). Returns the consumed line's number, or 0 when the line
     * is not a repeat and nothing was consumed. Dumps repeat most of their lines, and this is the cheap way to
     * read those. Comparing bytes, not characters, takes lines with any text this way, and a line equal to a
     * valid encoding is itself valid UTF-8.
     */
    public int skipIfRepeats(byte[] expected, int timeLength) throws IOException {
        int length = expected.length;
        int need = length + 2 + timeLength + 1;
        while (end - start < need && !eof) {
            fill();
        }
        if (end - start < length + 1 || !sameShape(start, expected, timeLength)
                || !Arrays.equals(buf, start + timeLength, start + length, expected, timeLength, length)) {
            return 0;
        }
        int after = start + length;
        if (after < end && buf[after] == '\r') {
            after++;
        }
        if (after >= end || buf[after] != '\n') {
            return 0;
        }
        int next = after + 1;
        boolean followedByRecord = next + timeLength < end && sameShape(next, expected, timeLength) && buf[next + timeLength] == ' ';
        if (!followedByRecord && !(eof && next == end)) {
            return 0;
        }
        start = next;
        return ++lineNumber;
    }

    /**
     * Digits where {@code pattern} has digits, the same other bytes elsewhere, for {@code n} bytes. Eight bytes a turn
     * (the last eight overlapping the turn before): every repeated dump line is compared twice, at its own start and
     * at the next line's, and byte by byte these comparisons were the largest part of reading a long log's dumps.
     */
    private boolean sameShape(int at, byte[] pattern, int n) {
        if (n < 8) {
            return sameShapeBytes(at, pattern, n);
        }
        for (int i = 0; i < n; i += 8) {
            int from = Math.min(i, n - 8);
            long p = (long) LONGS.get(pattern, from);
            long b = (long) LONGS.get(buf, at + from);
            long patternDigits = digits(p);
            // A digit byte of the pattern wants a digit; every other byte wants itself.
            long otherBytes = ~((patternDigits >>> 7) * 0xFF);
            if ((patternDigits & ~digits(b)) != 0 || ((p ^ b) & otherBytes) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The high bit of each byte of {@code word} that is an ASCII digit, every other bit clear. */
    private static long digits(long word) {
        long low = word & ~HIGHS;   // no byte can carry into the next below
        long atLeastZero = low + 0x5050505050505050L;   // '0' + 0x50 = 0x80
        long aboveNine = low + 0x4646464646464646L;     // '9' + 1 + 0x46 = 0x80
        return atLeastZero & ~aboveNine & ~word & HIGHS;
    }

    private boolean sameShapeBytes(int at, byte[] pattern, int n) {
        for (int i = 0; i < n; i++) {
            byte p = pattern[i];
            byte b = buf[at + i];
            boolean digit = p >= '0' && p <= '9';
            if (digit ? b < '0' || b > '9' : b != p) {
                return false;
            }
        }
        return true;
    }

    /** Whether the stream ended inside the last line read: no newline follows it. */
    public boolean endedMidLine() {
        return endedMidLine;
    }

    /** Lines read so far. */
    public int lineNumber() {
        return lineNumber;
    }

    private Line emit(int lineEnd, int next, boolean ascii) {
        if (cutHead != null) {
            Line head = decode(++lineNumber, cutHead, cutHeadAscii);
            cutHead = null;
            start = next;
            lastLineStart = cutLineStart;
            lastLineBytes = -1;
            return new Line(head.number(), head.text(), head.invalidUtf8(), cutLineLength);
        }
        int len = lineEnd - start;
        boolean carriageReturn = len > 0 && buf[start + len - 1] == '\r';
        if (carriageReturn) {
            len--;
        }
        lastLineStart = bufferPosition + start;
        lastLineBytes = carriageReturn ? -1 : len;
        lineNumber++;
        Line line;
        if (ascii) {
            line = new Line(lineNumber, new String(buf, start, len, StandardCharsets.ISO_8859_1), false);
        } else {
            String text = new String(buf, start, len, StandardCharsets.UTF_8);
            // The decoder replaces bad bytes with U+FFFD; only then is strict validation worth its cost.
            boolean invalid = text.indexOf('\uFFFD') >= 0 && !Utf8.isValid(buf, start, len);
            line = new Line(lineNumber, text, invalid);
            if (invalid) {
                lastLineBytes = -1;
            }
        }
        start = next;
        return line;
    }

    /** Moves the unread tail to the front and reads more, growing the buffer for very long lines. */
    private void fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buf, start, buf, 0, end - start);
            bufferPosition += start;
            end -= start;
            start = 0;
        }
        if (end == buf.length) {
            byte[] bigger = new byte[(int) Math.min(buf.length * 2L, Integer.MAX_VALUE - 8)];
            System.arraycopy(buf, 0, bigger, 0, end);
            buf = bigger;
        }
        int n;
        do {
            n = in.read(buf, end, buf.length - end);
        } while (n == 0);
        if (n < 0) {
            eof = true;
        } else {
            end += n;
        }
    }

    private void skipBom() {
        if (end - start >= 3 && (buf[start] & 0xFF) == 0xEF && (buf[start + 1] & 0xFF) == 0xBB && (buf[start + 2] & 0xFF) == 0xBF) {
            start += 3;
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
