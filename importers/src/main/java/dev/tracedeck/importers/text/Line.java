package dev.tracedeck.importers.text;

/**
 * One physical line, without its line terminator.
 *
 * @param number      1-based line number
 * @param text        the decoded text; invalid UTF-8 sequences are replaced by U+FFFD
 * @param invalidUtf8 true when the line had bytes that are not valid UTF-8
 */
public record Line(int number, String text, boolean invalidUtf8) {
}
