package dev.tracedeck.model.json;

import java.nio.charset.StandardCharsets;

/**
 * The text of a JSON string from its bytes as they stand in a file: what a message's content kept as a range of its
 * file ({@link dev.tracedeck.model.message.Message#withContentInFile}) decodes to when it is read.
 */
public final class JsonStringBytes {

    private JsonStringBytes() {
    }

    /**
     * The text of the JSON string whose characters (between its quotes) are {@code bytes[from, to)}, which must be
     * what an importer read and checked: valid UTF-8, and only the escapes JSON has. As a JSON parser reads it: an
     * escaped surrogate (a backslash, {@code u} and {@code d83d}) is that UTF-16 unit, paired or not.
     */
    public static String decode(byte[] bytes, int from, int to) {
        int backslash = indexOf(bytes, from, to, (byte) '\\');
        if (backslash < 0) {
            return new String(bytes, from, to - from, StandardCharsets.UTF_8);
        }
        // Unescaped into UTF-8, runs between escapes copied whole, and decoded once by the JDK: a content's escapes
        // are mostly its line breaks, and decoding character by character was most of a pass over the contents.
        byte[] out = new byte[to - from];
        int n = 0;
        int i = from;
        while (true) {
            System.arraycopy(bytes, i, out, n, backslash - i);
            n += backslash - i;
            i = backslash;
            if (i >= to) {
                return new String(out, 0, n, StandardCharsets.UTF_8);
            }
            byte e = bytes[i + 1];
            if (e != 'u') {
                out[n++] = (byte) unescape(e);
                i += 2;
            } else {
                int unit = unit(bytes, i);
                int codePoint = unit;
                i += 6;
                if (Character.isHighSurrogate((char) unit) && i + 6 <= to && bytes[i] == '\\' && bytes[i + 1] == 'u'
                        && Character.isLowSurrogate((char) unit(bytes, i))) {
                    codePoint = Character.toCodePoint((char) unit, (char) unit(bytes, i));
                    i += 6;
                } else if (Character.isSurrogate((char) unit)) {
                    return decodeChars(bytes, from, to); // UTF-8 can't hold a lone surrogate; a String can
                }
                n = utf8(codePoint, out, n);
            }
            backslash = indexOf(bytes, i, to, (byte) '\\');
            if (backslash < 0) {
                backslash = to;
            }
        }
    }

    /** Writes {@code codePoint} (not a surrogate) as UTF-8 at {@code n}; returns where it ends. */
    private static int utf8(int codePoint, byte[] out, int n) {
        if (codePoint < 0x80) {
            out[n++] = (byte) codePoint;
        } else if (codePoint < 0x800) {
            out[n++] = (byte) (0xC0 | codePoint >> 6);
            out[n++] = (byte) (0x80 | codePoint & 0x3F);
        } else if (codePoint < 0x10000) {
            out[n++] = (byte) (0xE0 | codePoint >> 12);
            out[n++] = (byte) (0x80 | codePoint >> 6 & 0x3F);
            out[n++] = (byte) (0x80 | codePoint & 0x3F);
        } else {
            out[n++] = (byte) (0xF0 | codePoint >> 18);
            out[n++] = (byte) (0x80 | codePoint >> 12 & 0x3F);
            out[n++] = (byte) (0x80 | codePoint >> 6 & 0x3F);
            out[n++] = (byte) (0x80 | codePoint & 0x3F);
        }
        return n;
    }

    /** The UTF-16 unit of the escape at {@code i}: a backslash, {@code u} and four hex digits. */
    private static int unit(byte[] bytes, int i) {
        return (hex(bytes[i + 2]) << 12) | (hex(bytes[i + 3]) << 8) | (hex(bytes[i + 4]) << 4) | hex(bytes[i + 5]);
    }

    /** Character by character, for a string with a lone surrogate. */
    private static String decodeChars(byte[] bytes, int from, int to) {
        char[] out = new char[to - from];
        int n = 0;
        int i = from;
        while (i < to) {
            int b = bytes[i];
            if (b == '\\') {
                byte e = bytes[i + 1];
                if (e == 'u') {
                    out[n++] = (char) unit(bytes, i);
                    i += 6;
                } else {
                    out[n++] = unescape(e);
                    i += 2;
                }
            } else if (b >= 0) {
                out[n++] = (char) b;
                i++;
            } else if ((b & 0xE0) == 0xC0) {
                out[n++] = (char) (((b & 0x1F) << 6) | (bytes[i + 1] & 0x3F));
                i += 2;
            } else if ((b & 0xF0) == 0xE0) {
                out[n++] = (char) (((b & 0x0F) << 12) | ((bytes[i + 1] & 0x3F) << 6) | (bytes[i + 2] & 0x3F));
                i += 3;
            } else {
                int cp = ((b & 0x07) << 18) | ((bytes[i + 1] & 0x3F) << 12) | ((bytes[i + 2] & 0x3F) << 6)
                        | (bytes[i + 3] & 0x3F);
                out[n++] = Character.highSurrogate(cp);
                out[n++] = Character.lowSurrogate(cp);
                i += 4;
            }
        }
        return new String(out, 0, n);
    }

    private static int indexOf(byte[] bytes, int from, int to, byte wanted) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    private static char unescape(byte e) {
        return switch (e) {
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            default -> (char) e; // " \ /
        };
    }

    private static int hex(byte c) {
        return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    }
}
