package dev.tracedeck.importers.json;

import dev.tracedeck.model.source.SourceText;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32C;

/**
 * A value's text as in the file, kept as its UTF-8 bytes and decoded on demand, with where some of its elements are
 * (byte ranges by pointer): decoding a line of a chat file to a string, then its messages again, was a third of a
 * JSON Lines import; slicing the bytes is both cheaper and truer to the file than writing each message out again.
 * Where the file can be read again, an element's text is not even decoded: it is kept as its range of the file
 * ({@link SourceText.InFile}), which halves what a big chat file holds in memory.
 */
abstract class RawText {

    abstract String whole();

    /** The whole text as an event keeps it: a range of the file where it can be read again. */
    abstract SourceText wholeText();

    abstract Optional<SourceText> slice(String pointer);

    static RawText of(String text) {
        return new Decoded(text);
    }

    /**
     * {@code bytes} and {@code ranges} (both owned from now on) with the byte ranges {@code [start, end)} of elements by pointer; when
     * {@code file} is not null the bytes are the file's from {@code position} on, and slices are ranges of it.
     */
    static RawText of(byte[] bytes, Map<String, long[]> ranges, long position, SourceText.Reread file) {
        return new Utf8(bytes, ranges, position, file);
    }

    private static final class Decoded extends RawText {
        private final String text;

        Decoded(String text) {
            this.text = text;
        }

        @Override
        String whole() {
            return text;
        }

        @Override
        SourceText wholeText() {
            return SourceText.of(text);
        }

        @Override
        Optional<SourceText> slice(String pointer) {
            return Optional.empty();
        }
    }

    private static final class Utf8 extends RawText {
        private final byte[] bytes;
        private final Map<String, long[]> ranges;
        private final long position;
        private final SourceText.Reread file;
        private String whole;

        Utf8(byte[] bytes, Map<String, long[]> ranges, long position, SourceText.Reread file) {
            this.bytes = bytes;
            this.ranges = ranges;
            this.position = position;
            this.file = file;
        }

        @Override
        String whole() {
            if (whole == null) {
                whole = new String(bytes, StandardCharsets.UTF_8);
            }
            return whole;
        }

        @Override
        SourceText wholeText() {
            return file == null ? SourceText.of(whole()) : range(0, bytes.length);
        }

        @Override
        Optional<SourceText> slice(String pointer) {
            long[] range = ranges.get(pointer);
            if (range == null) {
                return Optional.empty();
            }
            int start = (int) range[0];
            int length = (int) (range[1] - range[0]);
            if (file == null) {
                return Optional.of(SourceText.of(new String(bytes, start, length, StandardCharsets.UTF_8)));
            }
            return Optional.of(range(start, length));
        }

        private SourceText range(int start, int length) {
            CRC32C crc = new CRC32C();
            crc.update(bytes, start, length);
            return new SourceText.InFile(file, position + start, length, (int) crc.getValue());
        }
    }
}
