package dev.tracedeck.analysis.textcalls;

/**
 * A set of ASCII characters a recogniser cannot find a call without: every call it finds is written with at least
 * one of them (a character of its marker, the bracket its arguments open with). A message holding none of a
 * recogniser's anchors holds none of its calls, and most messages are prose that holds no anchor at all: one pass
 * says which anchors a message holds ({@link #in}), where each recogniser would otherwise search the whole message
 * for its own markers. Immutable.
 */
public final class TextAnchors {

    /** No anchor: a recogniser with these would be skipped on every text. */
    public static final TextAnchors NONE = new TextAnchors(0, 0, true);

    /** Characters 0 to 63, then 64 to 127, one bit each. */
    private final long low;
    private final long high;
    /**
     * 1 at each anchor's byte value, for a set {@link #in} is asked about: a pass ORs the entries of a chunk's bytes
     * with no branch, twice as fast as testing each byte, and looks closer only at a chunk that holds one. Null for
     * the sets {@link #in} returns, which are not asked about in turn (a table each would be made per message).
     */
    private final byte[] table;

    private TextAnchors(long low, long high, boolean withTable) {
        this.low = low;
        this.high = high;
        this.table = withTable ? table(low, high) : null;
    }

    private static byte[] table(long low, long high) {
        byte[] table = new byte[256];
        for (int c = 0; c < 128; c++) {
            if (((c < 64 ? low >>> c : high >>> (c - 64)) & 1) != 0) {
                table[c] = 1;
            }
        }
        return table;
    }

    /** @throws IllegalArgumentException for a character outside ASCII, which a single pass does not look for */
    public static TextAnchors of(char... anchors) {
        long low = 0;
        long high = 0;
        for (char c : anchors) {
            if (c >= 128) {
                throw new IllegalArgumentException("an anchor must be ASCII: " + (int) c);
            }
            if (c < 64) {
                low |= 1L << c;
            } else {
                high |= 1L << (c - 64);
            }
        }
        return new TextAnchors(low, high, true);
    }

    public TextAnchors union(TextAnchors other) {
        return new TextAnchors(low | other.low, high | other.high, true);
    }

    public boolean isEmpty() {
        return low == 0 && high == 0;
    }

    public boolean intersects(TextAnchors other) {
        return (low & other.low) != 0 || (high & other.high) != 0;
    }

    public boolean contains(char c) {
        return c < 64 ? (low & 1L << c) != 0 : c < 128 && (high & 1L << (c - 64)) != 0;
    }

    /** Characters a pass copies out of the text at a time. */
    private static final int CHUNK = 2048;
    private static final ThreadLocal<byte[]> CHUNKS = ThreadLocal.withInitial(() -> new byte[CHUNK]);

    /** Those of these anchors that {@code text} holds, in one pass that stops once it has seen them all. */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): see below
    public TextAnchors in(String text) {
        long seenLow = 0;
        long seenHigh = 0;
        int n = text.length();
        byte[] chunk = CHUNKS.get();
        byte[] anchorAt = table != null ? table : table(low, high);
        int examined = 0;
        // The low byte of each character is copied out a chunk at a time, which for a text of Latin-1 characters (most
        // messages) is one array copy: without the optimizing compiler (a batch run has only the quick one)
        // String.charAt checks the string's coding and the index at every character, which cost more than the scan.
        // A character beyond Latin-1 whose low byte is an anchor's is told apart by looking at it again.
        scan:
        for (int from = 0; from < n; from += CHUNK) {
            int count = Math.min(CHUNK, n - from);
            text.getBytes(from, from + count, chunk, 0);
            int any = 0;
            for (int i = 0; i < count; i++) {
                any |= anchorAt[chunk[i] & 0xff];
            }
            if (any == 0) {
                examined = from + count;
                continue;
            }
            for (int i = 0; i < count; i++) {
                int c = chunk[i];
                if (c < 0) {
                    continue; // 0x80 to 0xff: not ASCII
                }
                long bit = c < 64 ? low & 1L << c : high & 1L << (c - 64);
                if (bit == 0 || text.charAt(from + i) != c) {
                    continue;
                }
                if (c < 64) {
                    seenLow |= bit;
                } else {
                    seenHigh |= bit;
                }
                if (seenLow == low && seenHigh == high) {
                    examined = from + i + 1;
                    break scan;
                }
            }
            examined = from + count;
        }
        CountedScan.add(examined);
        return new TextAnchors(seenLow, seenHigh, false);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TextAnchors a && a.low == low && a.high == high;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(low) * 31 + Long.hashCode(high);
    }

    /** The anchors as a string, in character order. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (char c = 0; c < 128; c++) {
            if (contains(c)) {
                s.append(c);
            }
        }
        return s.toString();
    }
}
