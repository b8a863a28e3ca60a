package dev.tracedeck.importers.json;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A value's text as in the file, kept as its UTF-8 bytes and decoded on demand, with where some of its elements are
 * (byte ranges by pointer): decoding a line of a chat file to a string, then its messages again, was a third of a
 * JSON Lines import; slicing the bytes is both cheaper and truer to the file than writing each message out again.
 */
abstract class RawText {

    abstract String whole();

    abstract Optional<String> slice(String pointer);

    static RawText of(String text) {
        return new Decoded(text);
    }

    /** {@code bytes} (owned from now on) with the byte ranges {@code [start, end)} of elements by pointer. */
    static RawText of(byte[] bytes, Map<String, long[]> ranges) {
        return new Utf8(bytes, ranges);
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
        Optional<String> slice(String pointer) {
            return Optional.empty();
        }
    }

    private static final class Utf8 extends RawText {
        private final byte[] bytes;
        private final Map<String, long[]> ranges;
        private String whole;

        Utf8(byte[] bytes, Map<String, long[]> ranges) {
            this.bytes = bytes;
            this.ranges = ranges.isEmpty() ? Map.of() : new HashMap<>(ranges);
        }

        @Override
        String whole() {
            if (whole == null) {
                whole = new String(bytes, StandardCharsets.UTF_8);
            }
            return whole;
        }

        @Override
        Optional<String> slice(String pointer) {
            long[] range = ranges.get(pointer);
            if (range == null) {
                return Optional.empty();
            }
            return Optional.of(new String(bytes, (int) range[0], (int) (range[1] - range[0]), StandardCharsets.UTF_8));
        }
    }
}
