package dev.tracedeck.importers.json;

import dev.tracedeck.importers.sniff.JsonLinesPreamble;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * How a JSON file holds its values. Decided from the first two lines, read as bytes (a JSON Lines line may be
 * megabytes long, so nothing is decoded or kept): a file whose first value is an object or an array is JSON
 * Lines when the first line, after any blank ones, ends with the value's closing bracket and the next non-blank
 * line does not go on with that value (a comma, a colon or a closing bracket would). Pretty-printed JSON never
 * has that shape: its first line leaves its value open, or its next line continues it. What the second line holds
 * does not matter: an array, a number, a string or text that is not JSON there is one bad line of a JSON Lines
 * file, not the end of a document that swallows every line after it. (A JSON Lines file whose first line is cut
 * mid-value reads as a document, broken on line 1.) A few lines of text before the first line of JSON Lines are a
 * {@link JsonLinesPreamble}: passed over here, the file is JSON Lines when what follows them is.
 */
public enum JsonLayout {
    /** One document whose top level is an array: its elements are the records. */
    ARRAY,
    /** One document whose top level is an object: its members are the records, some arrays element by element. */
    OBJECT,
    /** One JSON value per line. */
    LINES,
    /**
     * Values one after another, each over as many lines as it takes (the OpenTelemetry SDKs' console exporters print
     * spans so): each value is a record. Never sniffed; an importer whose format is written so asks for it.
     */
    SEQUENCE,
    /** The first thing in the file is not an object or an array. */
    NOT_JSON;

    private static final int BOM_0 = 0xEF;

    public static JsonLayout sniff(InputStream raw) throws IOException {
        InputStream in = new BufferedInputStream(raw, 1 << 16);
        int first = skipBomAndWhitespace(in);
        int preamble = 0;
        while (first >= 0 && JsonLinesPreamble.startsLikeText(first)) {
            if (++preamble > JsonLinesPreamble.MAX_LINES || !skipLine(in)) {
                return NOT_JSON;
            }
            first = skipWhitespace(in, in.read());
        }
        if (!JsonLinesPreamble.startsLikeJson(first)) {
            return NOT_JSON;
        }
        int close = first == '{' ? '}' : ']';
        int last = first;
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (!isWhitespace(b)) {
                last = b;
            }
        }
        if (b < 0) {
            // One line after a preamble is a JSON Lines file of one line: no document starts with text.
            return preamble > 0 ? LINES : first == '{' ? OBJECT : ARRAY;
        }
        int next = skipBomAndWhitespace(in);
        if (next >= 0 && last == close && !continuesAValue(next)) {
            return LINES;
        }
        if (preamble > 0) {
            return next < 0 ? LINES : NOT_JSON;
        }
        return first == '{' ? OBJECT : ARRAY;
    }

    /** Passes over the rest of a line; false when the input ends first. */
    private static boolean skipLine(InputStream in) throws IOException {
        int b = in.read();
        while (b >= 0 && b != '\n') {
            b = in.read();
        }
        return b >= 0;
    }

    /** A line that starts with one of these goes on with the value before it: a member or element of a document. */
    private static boolean continuesAValue(int b) {
        return b == ',' || b == ':' || b == ']' || b == '}';
    }

    /** The first byte that is not a UTF-8 byte order mark or JSON whitespace, -1 at the end. */
    private static int skipBomAndWhitespace(InputStream in) throws IOException {
        int b = in.read();
        if (b == BOM_0) {
            in.read();
            in.read();
            b = in.read();
        }
        return skipWhitespace(in, b);
    }

    /** From {@code b}, the first byte that is not JSON whitespace, -1 at the end. */
    private static int skipWhitespace(InputStream in, int b) throws IOException {
        int at = b;
        while (at >= 0 && isWhitespace(at)) {
            at = in.read();
        }
        return at;
    }

    private static boolean isWhitespace(int b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }
}
