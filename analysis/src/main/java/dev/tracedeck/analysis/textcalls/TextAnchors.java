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
    public static final TextAnchors NONE = new TextAnchors(0, 0);

    /** Characters 0 to 63, then 64 to 127, one bit each. */
    private final long low;
    private final long high;

    private TextAnchors(long low, long high) {
        this.low = low;
        this.high = high;
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
        return new TextAnchors(low, high);
    }

    public TextAnchors union(TextAnchors other) {
        return new TextAnchors(low | other.low, high | other.high);
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

    /** Those of these anchors that {@code text} holds, in one pass that stops once it has seen them all. */
    public TextAnchors in(String text) {
        long seenLow = 0;
        long seenHigh = 0;
        int n = text.length();
        int i = 0;
        for (; i < n; i++) {
            char c = text.charAt(i);
            long bit;
            if (c < 64) {
                bit = low & 1L << c;
                seenLow |= bit;
            } else if (c < 128) {
                bit = high & 1L << (c - 64);
                seenHigh |= bit;
            } else {
                continue;
            }
            if (bit != 0 && seenLow == low && seenHigh == high) {
                i++;
                break;
            }
        }
        CountedScan.add(i);
        return new TextAnchors(seenLow, seenHigh);
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
