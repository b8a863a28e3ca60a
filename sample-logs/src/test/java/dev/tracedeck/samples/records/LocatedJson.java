package dev.tracedeck.samples.records;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON values of a text (one document, JSON Lines, or documents one after another) as a tree of nodes that know
 * where they are: the characters each value spans, so that one value can be replaced in the text as written (its
 * layout, key order and every other byte kept), and the lines each spans.
 */
final class LocatedJson {

    enum Type { OBJECT, ARRAY, STRING, NUMBER, BOOLEAN, NULL }

    /** A value: its type, the member name or index it is under, and the characters it spans ({@code end} exclusive). */
    static final class Node {
        final Type type;
        final Node parent;
        /** The member name it is under; null for an array's element or a top-level value. */
        final String name;
        /** Its index in its array, or the top-level value's index; -1 for a member. */
        final int index;
        final int start;
        int end;
        final List<Node> children = new ArrayList<>();
        /** A string's value, for the discriminators of the object it is in. */
        String text;
        /** The JSON a string's value holds, parsed once: its changes are compared as the same changes. */
        private LocatedJson embedded;

        Node(Type type, Node parent, String name, int index, int start) {
            this.type = type;
            this.parent = parent;
            this.name = name;
            this.index = index;
            this.start = start;
        }

        boolean isTopLevel() {
            return parent == null;
        }

        /** A top-level value or an element of an array: what a format's records are. */
        boolean isElement() {
            return name == null;
        }

        /** The value of its member {@code member} when that is a string, else null. */
        String stringMember(String member) {
            for (Node c : children) {
                if (member.equals(c.name) && c.type == Type.STRING) {
                    return c.text;
                }
            }
            return null;
        }

        /** The values of the JSON text a string holds (none when it holds no JSON). */
        LocatedJson embedded() {
            if (embedded == null) {
                embedded = parse(text, false);
            }
            return embedded;
        }

        /** The JSON pointer inside its top-level value. */
        String pointer() {
            if (parent == null) {
                return "";
            }
            return parent.pointer() + "/" + (name != null ? name.replace("~", "~0").replace("/", "~1") : index);
        }

        /** The nearest top-level value or array element at or above it. */
        Node record() {
            Node n = this;
            while (!n.isElement()) {
                n = n.parent;
            }
            return n;
        }
    }

    private static final JsonFactory FACTORY = new JsonFactory();

    final String text;
    final List<Node> topLevel = new ArrayList<>();
    private final int[] lineStarts;

    private LocatedJson(String text) {
        this.text = text;
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The values of {@code text}; with {@code lines}, each line's own (a line that does not parse, a sample's broken
     * line, gives none), else the values one after another up to where the text stops parsing (a sample cut short
     * inside its document gives none).
     */
    static LocatedJson parse(String text, boolean lines) {
        LocatedJson json = new LocatedJson(text);
        if (!lines) {
            json.parseAt(text, 0);
            return json;
        }
        int at = 0;
        while (at < text.length()) {
            int end = text.indexOf('\n', at);
            end = end < 0 ? text.length() : end;
            json.parseAt(text.substring(at, end), at);
            at = end + 1;
        }
        return json;
    }

    /** Adds the whole values of {@code part}, which starts at {@code base} in the text. */
    private void parseAt(String part, int base) {
        int kept = topLevel.size();
        try {
            parseValues(part, base);
            kept = topLevel.size();
        } catch (IOException e) {
            // Keep the values read whole before it stopped parsing.
            while (kept < topLevel.size() && topLevel.get(kept).end > 0) {
                kept++;
            }
        }
        topLevel.subList(kept, topLevel.size()).clear();
    }

    private void parseValues(String part, int base) throws IOException {
        LocatedJson json = this;
        try (JsonParser p = FACTORY.createParser(part)) {
            Node container = null;
            String name = null;
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME) {
                    name = p.currentName();
                    continue;
                }
                if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    container.end = base + (int) p.currentLocation().getCharOffset();
                    container = container.parent;
                    name = null;
                    continue;
                }
                int start = base + (int) p.currentTokenLocation().getCharOffset();
                int index = container == null ? json.topLevel.size()
                        : container.type == Type.ARRAY ? container.children.size() : -1;
                Node node = new Node(type(t), container, container != null && container.type == Type.OBJECT ? name : null,
                        index, start);
                if (container == null) {
                    json.topLevel.add(node);
                } else {
                    container.children.add(node);
                }
                name = null;
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    container = node;
                } else {
                    // Reading the text finishes the token, so that the location is past it.
                    String value = p.getText();
                    node.text = t == JsonToken.VALUE_STRING ? value : null;
                    node.end = base + (int) p.currentLocation().getCharOffset();
                }
            }
        }
    }

    private static Type type(JsonToken t) {
        return switch (t) {
            case START_OBJECT -> Type.OBJECT;
            case START_ARRAY -> Type.ARRAY;
            case VALUE_STRING -> Type.STRING;
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> Type.NUMBER;
            case VALUE_TRUE, VALUE_FALSE -> Type.BOOLEAN;
            case VALUE_NULL -> Type.NULL;
            default -> throw new IllegalStateException("token " + t);
        };
    }

    /** Every node, parents before children, in the order of the text. */
    List<Node> nodes() {
        List<Node> all = new ArrayList<>();
        for (Node n : topLevel) {
            collect(n, all);
        }
        return all;
    }

    private static void collect(Node n, List<Node> all) {
        all.add(n);
        for (Node c : n.children) {
            collect(c, all);
        }
    }

    /** The line (from 1) of the character at {@code offset}. */
    int line(int offset) {
        int lo = 0;
        int hi = lineStarts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (lineStarts[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo + 1;
    }
}
