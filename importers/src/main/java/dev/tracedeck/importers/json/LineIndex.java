package dev.tracedeck.importers.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracedeck.model.source.SourceRef;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * The lines each object and array of a value spans in the file, by JSON pointer, down to a depth: a value bound
 * as one tree (a LangGraph checkpoint) knows its own lines but not those of the messages inside it. Built by
 * tokenizing the value's text again, which costs one more pass over that value and nothing for the rest of the file.
 */
public final class LineIndex {

    private static final JsonFactory FACTORY = new JsonFactory();

    private final Map<String, int[]> spans = new HashMap<>();
    private final int fallback;

    private LineIndex(int fallback) {
        this.fallback = fallback;
    }

    /**
     * @param text      the value's text as in the file
     * @param firstLine the line the text starts on
     * @param base      the value's own pointer ("" for a JSON Lines line, {@code /3}, {@code /values})
     * @param maxDepth  containers deeper than this below the value are not indexed
     */
    public static LineIndex of(String text, int firstLine, String base, int maxDepth) {
        return of(text, firstLine, base, maxDepth, -1);
    }

    /**
     * As {@link #of(String, int, String, int)}, indexing the numbers, strings, booleans and nulls down to
     * {@code scalarDepth} too: where a list's elements are records, an element that is no object is a record that
     * broke, said at its line.
     */
    public static LineIndex withScalars(String text, int firstLine, String base, int maxDepth, int scalarDepth) {
        return of(text, firstLine, base, maxDepth, scalarDepth);
    }

    private static LineIndex of(String text, int firstLine, String base, int maxDepth, int scalarDepth) {
        LineIndex index = new LineIndex(firstLine);
        Deque<Frame> stack = new ArrayDeque<>();
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                int line = firstLine + p.currentTokenLocation().getLineNr() - 1;
                if (t == JsonToken.FIELD_NAME) {
                    stack.peek().field = p.currentName();
                    continue;
                }
                if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    Frame done = stack.pop();
                    int[] span = index.spans.get(done.pointer);
                    if (span != null) {
                        span[1] = line;
                    }
                    continue;
                }
                Frame parent = stack.peek();
                String pointer = parent == null ? base : parent.array ? parent.pointer + "/" + parent.next++
                        : parent.pointer + "/" + SourceRef.pointerToken(parent.field);
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    if (stack.size() <= maxDepth) {
                        index.spans.put(pointer, new int[] {line, line});
                    }
                    stack.push(new Frame(pointer, t == JsonToken.START_ARRAY));
                } else if (stack.size() <= scalarDepth) {
                    index.spans.put(pointer, new int[] {line, line});
                }
            }
        } catch (IOException e) {
            // A value the reader bound always tokenizes; if not, lines fall back to the value's first line.
        }
        return index;
    }

    /** The first line of the container at {@code pointer}, or the value's first line when not indexed. */
    public int firstLine(String pointer) {
        int[] span = spans.get(pointer);
        return span == null ? fallback : span[0];
    }

    /** True when the container at {@code pointer} was indexed (a scalar, or one deeper than the depth, is not). */
    public boolean indexes(String pointer) {
        return spans.containsKey(pointer);
    }

    public int lastLine(String pointer) {
        int[] span = spans.get(pointer);
        return span == null ? fallback : span[1];
    }

    /** Adds another value's spans (a member of the same document). */
    public void addAll(LineIndex other) {
        spans.putAll(other.spans);
    }

    private static final class Frame {
        final String pointer;
        final boolean array;
        int next;
        String field = "";

        Frame(String pointer, boolean array) {
            this.pointer = pointer;
            this.array = array;
        }
    }
}
