package dev.tracedeck.importers.sniff;

/**
 * A few lines of text before the lines of a JSON Lines file: a comment or a header that someone who shared the file
 * put on top ({@code // Source: …}, {@code # exported by …}), which no tool writes as a record. Up to
 * {@link #MAX_LINES} non-blank lines at the start, none starting like JSON (an object, an array, a string or a
 * number), followed by a line that starts with {@code {} or {@code [}: the file is read from that line on as JSON Lines, and each of those lines is kept as an {@code other}
 * record (no record of the format, and no fault of the run that wrote the rest). More lines of text than that, or
 * text before a JSON document that spans lines, is no JSON file at all.
 *
 * <p>Sniffing ({@link JsonHead}) asks more than reading ({@link JsonLayout}): after the preamble, every line the head
 * holds whole must start like JSON, so a text log with a JSON line among its first lines is not taken for JSON Lines.
 */
public final class JsonLinesPreamble {

    /** Lines of text passed over before the data: more than any note put on top of a file. */
    public static final int MAX_LINES = 8;

    private JsonLinesPreamble() {
    }

    /**
     * Where the JSON Lines data of {@code head} starts after a preamble, as an index into {@code head}, or -1 when the
     * head has no preamble followed by JSON Lines.
     *
     * @param start the index of the head's first character that is not whitespace (nor a byte order mark)
     */
    static int dataStart(String head, int start) {
        int at = start;
        int lines = 0;
        while (at < head.length() && startsLikeText(head.charAt(at))) {
            if (++lines > MAX_LINES) {
                return -1;
            }
            int newline = head.indexOf('\n', at);
            if (newline < 0) {
                return -1;
            }
            at = skipBlank(head, newline + 1);
        }
        if (lines == 0 || at >= head.length() || !startsLikeJson(head.charAt(at)) || !restAreJsonLines(head, at)) {
            return -1;
        }
        return at;
    }

    /**
     * True when the line at {@code at} is one whole value (it ends with the bracket that closes its first one, or the
     * head ends inside it) and every later line the head holds whole starts with {@code {} or {@code [}.
     */
    private static boolean restAreJsonLines(String head, int at) {
        int end = head.indexOf('\n', at);
        if (end < 0) {
            return true;
        }
        char close = head.charAt(at) == '{' ? '}' : ']';
        if (lastNonBlank(head, at, end) != close) {
            return false;
        }
        int line = skipBlank(head, end + 1);
        while (line < head.length()) {
            int next = head.indexOf('\n', line);
            if (next < 0) {
                // The head cuts the last line: what it holds of it decides nothing.
                return true;
            }
            if (!startsLikeJson(head.charAt(line))) {
                return false;
            }
            line = skipBlank(head, next + 1);
        }
        return true;
    }

    /** A line that holds something other than whitespace and does not start like JSON: a line a preamble may have. */
    public static boolean isText(String line) {
        int at = skipBlank(line, 0);
        return at < line.length() && startsLikeText(line.charAt(at));
    }

    /** The first character of an object or an array: a record of JSON Lines. */
    public static boolean startsLikeJson(int c) {
        return c == '{' || c == '[';
    }

    /**
     * A first character no JSON value starts with (not an object, an array, a string or a number): a line of text.
     * A line of JSON that is not an object is a record a format does not know, not a note.
     */
    public static boolean startsLikeText(int c) {
        return !startsLikeJson(c) && c != '"' && c != '-' && (c < '0' || c > '9');
    }

    private static int skipBlank(String s, int from) {
        int i = from;
        while (i < s.length() && (Character.isWhitespace(s.charAt(i)) || s.charAt(i) == '\uFEFF')) {
            i++;
        }
        return i;
    }

    private static char lastNonBlank(String s, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (!Character.isWhitespace(s.charAt(i))) {
                return s.charAt(i);
            }
        }
        return ' ';
    }
}
