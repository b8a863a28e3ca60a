package dev.tracedeck.engine.text;

/**
 * Text from outside (a trace's messages, tool names and ids, file names, notes) made safe to print: a character a
 * terminal would act on instead of showing is written as a visible escape, so a trace can't clear the screen,
 * move the cursor, ring the bell, fake an output line or reorder what is shown.
 * <ul>
 *   <li>{@code \0 \a \b \t \n \v \f \r \e} for NUL, BEL, BS, HT, LF, VT, FF, CR and ESC;</li>
 *   <li>{@code \x01} … {@code \x1f} for the other C0 controls, {@code \x7f} for DEL;</li>
 *   <li><code>&#92;u0080</code> … <code>&#92;u009f</code> for the C1 controls, and the same four lowercase hex digits for the bidi
 *       embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069), the line and paragraph separators
 *       (U+2028, U+2029), the noncharacters U+FFFE and U+FFFF and a surrogate that is not half of a pair
 *       (XML can carry none of these three).</li>
 * </ul>
 * A backslash itself is left as it is: the escapes are for reading, and Windows paths and JSON in messages stay
 * legible.
 */
public final class TerminalText {

    private TerminalText() {
    }

    /** {@code s} on one line: every character above escaped, newlines included. */
    public static String line(String s) {
        return escape(s, false);
    }

    /**
     * A multi-line block the caller laid out: its line ends ({@code \n}, {@code \r\n}) kept, every other character
     * above escaped. Text from outside goes in through {@link #line} first, so its newlines can't start a line.
     */
    public static String block(String s) {
        return escape(s, true);
    }

    /** Whether {@code line} would change this character. */
    public static boolean isEscaped(int codePoint) {
        return codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)
                || (codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069)
                || codePoint == 0x2028 || codePoint == 0x2029 || codePoint == 0xfffe || codePoint == 0xffff
                || (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE);
    }

    /** The visible form of one character {@link #isEscaped} says is escaped. */
    public static String escape(int codePoint) {
        return switch (codePoint) {
            case 0 -> "\\0";
            case 0x07 -> "\\a";
            case 0x08 -> "\\b";
            case '\t' -> "\\t";
            case '\n' -> "\\n";
            case 0x0b -> "\\v";
            case '\f' -> "\\f";
            case '\r' -> "\\r";
            case 0x1b -> "\\e";
            default -> codePoint <= 0x7f ? String.format("\\x%02x", codePoint) : String.format("\\u%04x", codePoint);
        };
    }

    private static String escape(String s, boolean keepLineEnds) {
        if (s.codePoints().noneMatch(TerminalText::isEscaped)) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        int i = 0;
        while (i < s.length()) {
            int c = s.codePointAt(i);
            int next = i + Character.charCount(c);
            if (!isEscaped(c)) {
                out.appendCodePoint(c);
            } else if (keepLineEnds && (c == '\n' || (c == '\r' && next < s.length() && s.charAt(next) == '\n'))) {
                out.append((char) c);
            } else {
                out.append(escape(c));
            }
            i = next;
        }
        return out.toString();
    }
}
