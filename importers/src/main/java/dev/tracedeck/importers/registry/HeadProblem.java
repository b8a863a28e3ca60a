package dev.tracedeck.importers.registry;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/**
 * Why a head that starts like JSON is not JSON, when detection refuses the file: the first byte that is not UTF-8,
 * a number longer than a number may be, a comment, or whatever the parser stops at, with the file's line and column.
 * Without it a file with one bad byte was "not a format Tracedeck knows", which sends the user to the wrong problem.
 * The head may end anywhere, so running out of it is no problem.
 */
final class HeadProblem {

    private static final JsonFactory FACTORY = new JsonFactory();
    /** How near its end a head with no line break may be cut inside a token: longer than any literal but a number. */
    private static final int CUT_TOKEN = 64;

    private HeadProblem() {
    }

    /** What is wrong in the head, or empty when it does not start with an object or an array or nothing is. */
    static Optional<String> of(SniffHead head) {
        byte[] b = head.bytes();
        int start = b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF ? 3 : 0;
        if (start >= b.length || b[start] != '{' && b[start] != '[') {
            return Optional.empty();
        }
        Optional<String> utf8 = invalidUtf8(head, start);
        return utf8.isPresent() ? utf8 : json(head, start);
    }

    /** The first byte sequence that is not UTF-8 (RFC 3629: no overlongs, surrogates or code points past U+10FFFF). */
    private static Optional<String> invalidUtf8(SniffHead head, int start) {
        byte[] b = head.bytes();
        int line = 1;
        int column = 1;
        int i = start;
        while (i < b.length) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                if (c == '\n') {
                    line++;
                    column = 1;
                } else {
                    column++;
                }
                i++;
                continue;
            }
            int need = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
            if (need > 0 && i + need >= b.length) {
                // The head ends inside the character: what follows it decides.
                return Optional.empty();
            }
            int bad = need < 0 ? 0 : badContinuation(b, i, need);
            if (bad >= 0) {
                String bytes = String.format(Locale.ROOT, "byte 0x%02X", c) + (bad > 0 ? String.format(Locale.ROOT, ", then 0x%02X", b[i + bad] & 0xFF)
                        : need < 0 ? ", which no UTF-8 character starts with" : "");
                return Optional.of("not valid UTF-8 at line " + head.fileLine(line) + ", column "
                        + head.fileColumn(line, column) + " (" + bytes + ")");
            }
            i += need + 1;
            column++;
        }
        return Optional.empty();
    }

    /** The index (1..need) of the first byte that does not continue the character at {@code i}; 0 for a code point out of range; -1 when valid. */
    private static int badContinuation(byte[] b, int i, int need) {
        int cp = b[i] & (0x3F >> need);
        for (int k = 1; k <= need; k++) {
            int cc = b[i + k] & 0xFF;
            if ((cc & 0xC0) != 0x80) {
                return k;
            }
            cp = (cp << 6) | (cc & 0x3F);
        }
        int min = need == 1 ? 0x80 : need == 2 ? 0x800 : 0x10000;
        return cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) ? 0 : -1;
    }

    /**
     * Where the head stops parsing as JSON values one after another (a document, or JSON Lines). A head that the
     * file goes on past is read up to its last line break, where it has one: its last line may be cut inside a
     * token ({@code -0.} of {@code -0.15}), which is no fault of the file's; without one, the parser stopping within
     * the last {@value #CUT_TOKEN} bytes is taken for the same.
     */
    private static Optional<String> json(SniffHead head, int start) {
        byte[] b = head.bytes();
        int end = b.length;
        if (head.cut()) {
            int lastBreak = lastIndexOf(b, (byte) '\n');
            end = lastBreak > start ? lastBreak : end;
        }
        JsonParser p = null;
        try {
            p = FACTORY.createParser(b, start, end - start);
            while (p.nextToken() != null) {
                // Tokens are all we need: the parser stops where the JSON does.
            }
            return Optional.empty();
        } catch (JsonEOFException e) {
            return Optional.empty();
        } catch (StreamConstraintsException e) {
            JsonLocation at = p.currentTokenLocation();
            return Optional.of(tooLong(head, b, start + (int) Math.max(0, at.getByteOffset()), at.getLineNr(),
                    at.getColumnNr(), e));
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation() != null ? e.getLocation() : p.currentLocation();
            int line = at.getLineNr();
            int offset = start + (int) Math.max(0, at.getByteOffset());
            if (e.getOriginalMessage() != null && e.getOriginalMessage().contains("end-of-input")
                    || head.cut() && end == b.length && offset >= b.length - CUT_TOKEN) {
                return Optional.empty();
            }
            String where = "line " + head.fileLine(line);
            int slash = indexOfComment(b, offset);
            if (slash >= 0) {
                String kind = b[slash + 1] == '/' ? "a // comment" : "a /* comment */";
                return Optional.of(kind + " at " + where + ": JSON has no comments");
            }
            return Optional.of("not valid JSON at " + where + ", column " + head.fileColumn(line, at.getColumnNr())
                    + ": " + reason(e));
        } catch (IOException e) {
            return Optional.empty();
        } finally {
            if (p != null) {
                try {
                    p.close();
                } catch (IOException ignored) {
                    // a parser over a byte array
                }
            }
        }
    }

    /**
     * A value past a limit of the parser's: a number is found from where the parser's token starts (its member's
     * name) and its digits counted; anything else is said as the parser says it.
     */
    private static String tooLong(SniffHead head, byte[] b, int from, int line, int column, StreamConstraintsException e) {
        int i = from;
        while (i < b.length) {
            int end = i;
            int digits = 0;
            while (end < b.length && "+-0123456789.eE".indexOf(b[end]) >= 0) {
                digits += Character.isDigit(b[end]) ? 1 : 0;
                end++;
            }
            if (digits > StreamReadConstraints.DEFAULT_MAX_NUM_LEN) {
                int[] at = lineAndColumn(b, i);
                return String.format(Locale.ROOT, "a number of %,d digits at line %d, column %d: more than the %,d a number may have",
                        digits, head.fileLine(at[0]), head.fileColumn(at[0], at[1]), StreamReadConstraints.DEFAULT_MAX_NUM_LEN);
            }
            i = Math.max(end, i + 1);
        }
        return reason(e) + " at line " + head.fileLine(line) + ", column " + head.fileColumn(line, column);
    }

    /** The line and column (from 1, in characters) of the byte at {@code offset}. */
    private static int[] lineAndColumn(byte[] b, int offset) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < offset; i++) {
            if (b[i] == '\n') {
                line++;
                column = 1;
            } else if ((b[i] & 0xC0) != 0x80) {
                column++;
            }
        }
        return new int[] {line, column};
    }

    private static int lastIndexOf(byte[] b, byte wanted) {
        for (int i = b.length - 1; i >= 0; i--) {
            if (b[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    /** The comment's slash at or just before where the parser stopped, or -1. */
    private static int indexOfComment(byte[] b, int offset) {
        for (int i = Math.max(0, offset - 1); i <= Math.min(b.length - 2, offset + 1); i++) {
            if (b[i] == '/' && (b[i + 1] == '/' || b[i + 1] == '*')) {
                return i;
            }
        }
        return -1;
    }

    private static String reason(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        if (m == null) {
            return "invalid JSON";
        }
        int cut = m.indexOf("\n at [Source");
        return (cut >= 0 ? m.substring(0, cut) : m).strip();
    }
}
