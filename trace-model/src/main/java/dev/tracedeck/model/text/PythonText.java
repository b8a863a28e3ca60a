package dev.tracedeck.model.text;

/**
 * Text measured and cut the way the Python programs that write our logs do it. Python's {@code len}, slices
 * and {@code str.strip()} work on code points, not on Java's UTF-16 units: an emoji is one character to
 * Python and two {@code char}s to Java. Every length, cut and position that is compared with what Python
 * wrote goes through here, or a message with an emoji before the cut would look altered.
 */
public final class PythonText {

    private PythonText() {
    }

    /** Python's {@code len(s)}. */
    public static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /** Python's {@code s[:n]}: the first {@code n} code points (all of {@code s} when it is shorter). */
    public static String prefix(String s, int n) {
        if (n <= 0) {
            return "";
        }
        if (s.length() <= n) {
            return s;
        }
        try {
            return s.substring(0, s.offsetByCodePoints(0, n));
        } catch (IndexOutOfBoundsException shorter) {
            return s;
        }
    }

    /** Python's {@code s[:-n]}: all but the last {@code n} code points. */
    public static String dropLast(String s, int n) {
        int keep = length(s) - n;
        return keep <= 0 ? "" : s.substring(0, s.offsetByCodePoints(0, keep));
    }

    /**
     * The position, counted in code points from 0, of the first code point where {@code a} and {@code b}
     * differ; the shorter one's length when one is a prefix of the other.
     */
    public static int firstDifference(String a, String b) {
        int i = 0;
        int j = 0;
        int position = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return position;
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
            position++;
        }
        return position;
    }

    /**
     * Python's {@code s.strip()} with no arguments: removes leading and trailing characters for which
     * {@code str.isspace()} is true. That set is wider than Java's {@link String#strip()}: it includes the
     * no-break spaces (U+00A0, U+2007, U+202F) and the information separators U+001C to U+001F.
     */
    public static String strip(String s) {
        int start = 0;
        int end = s.length();
        while (start < end) {
            int cp = s.codePointAt(start);
            if (!isSpace(cp)) {
                break;
            }
            start += Character.charCount(cp);
        }
        while (end > start) {
            int cp = s.codePointBefore(end);
            if (!isSpace(cp)) {
                break;
            }
            end -= Character.charCount(cp);
        }
        return s.substring(start, end);
    }

    /** Python's {@code str.isspace()} for one code point: bidirectional class WS, B or S, or category Zs. */
    public static boolean isSpace(int cp) {
        byte direction = Character.getDirectionality(cp);
        return direction == Character.DIRECTIONALITY_WHITESPACE
                || direction == Character.DIRECTIONALITY_PARAGRAPH_SEPARATOR
                || direction == Character.DIRECTIONALITY_SEGMENT_SEPARATOR
                || Character.getType(cp) == Character.SPACE_SEPARATOR;
    }

    /**
     * For display: the first {@code max} code points and "…" when {@code s} is longer, never splitting a
     * surrogate pair (a lone half would show as a replacement box).
     */
    public static String abbreviate(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        String head = prefix(s, max);
        return head.length() == s.length() ? s : head + "…";
    }
}
