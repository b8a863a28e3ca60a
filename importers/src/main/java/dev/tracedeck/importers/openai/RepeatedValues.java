package dev.tracedeck.importers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.json.JsonRecordReader;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JSON values bound once per distinct bytes: the members a file of conversations repeats on every line ({@code tools},
 * often {@code tool_choice} or {@code response_format}) are one tree each, shared by the lines that write them, instead
 * of a tree bound per line. Values no longer than {@value #MAX_BYTES} bytes are remembered, at most {@value #MAX_KEPT}
 * at a time; the trees are shared, so nobody may change them (the importers only read a line's members). Thread-safe,
 * for the workers that read JSON Lines.
 */
final class RepeatedValues {

    static final int MAX_BYTES = 64 << 10;
    static final int MAX_KEPT = 256;

    private final Map<Bytes, JsonNode> trees = new ConcurrentHashMap<>();

    /** The value written in {@code bytes[from, to)}, as {@link JsonRecordReader#tree} binds it. */
    JsonNode tree(byte[] bytes, int from, int to) {
        if (to - from > MAX_BYTES) {
            return JsonRecordReader.tree(bytes, from, to);
        }
        Bytes key = new Bytes(Arrays.copyOfRange(bytes, from, to));
        JsonNode known = trees.get(key);
        if (known != null) {
            return known;
        }
        JsonNode tree = JsonRecordReader.tree(bytes, from, to);
        if (trees.size() >= MAX_KEPT) {
            trees.clear();
        }
        trees.putIfAbsent(key, tree);
        return tree;
    }

    /** A value's bytes as a key, its hash computed once. */
    private static final class Bytes {
        private final byte[] bytes;
        private final int hash;

        Bytes(byte[] bytes) {
            this.bytes = bytes;
            this.hash = Arrays.hashCode(bytes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes other && hash == other.hash && Arrays.equals(bytes, other.bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
