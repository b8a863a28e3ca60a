package dev.tracedeck.samples.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.samples.records.LocatedJson.Node;
import dev.tracedeck.samples.records.LocatedJson.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One value of a sample replaced by a value of the wrong type, in the text as written: a string by a number, a list by
 * a number or a string, an object (a record's field or the record itself) by a number, a string or a list of numbers.
 * A string that holds messages as JSON text (the GenAI conventions' message attributes on a span) is changed inside
 * too: {@code inside} is the change to its JSON, and the string is replaced by the changed JSON's text.
 */
record Mutation(LocatedJson json, Node node, String replacement, String what, String shape, Mutation inside) {

    /**
     * The attributes the GenAI conventions give as JSON text (a string on a span): lists of messages, or of parts. A
     * reader parses them, so their members are typed as any record's; other JSON text (a call's arguments, a span's
     * input) is data kept as written.
     */
    private static final Set<String> MESSAGE_ATTRIBUTES = Set.of("gen_ai.input.messages", "gen_ai.output.messages",
            "gen_ai.system_instructions");

    private static final ObjectMapper MAPPER = new ObjectMapper();

    Mutation(LocatedJson json, Node node, String replacement, String what, String shape) {
        this(json, node, replacement, what, shape, null);
    }

    /** Members whose string value tells a record's kind: part of where a field is, so each kind's fields are tried. */
    private static final Set<String> KIND_MEMBERS = Set.of("type", "role", "object", "kind", "span_kind", "part_kind",
            "message_type", "event");

    /** The wrong-typed values a node of each type is replaced with: none for numbers, booleans and nulls. */
    static List<Mutation> of(LocatedJson json, Node node) {
        List<Mutation> out = new ArrayList<>();
        String shape = shape(node);
        switch (node.type) {
            case STRING -> {
                out.add(new Mutation(json, node, "42", "number for string", shape));
                out.addAll(inside(json, node, shape));
            }
            case ARRAY -> {
                out.add(new Mutation(json, node, "42", "number for list", shape));
                out.add(new Mutation(json, node, "\"x\"", "string for list", shape));
            }
            case OBJECT -> {
                out.add(new Mutation(json, node, "42", "number for object", shape));
                out.add(new Mutation(json, node, "\"x\"", "string for object", shape));
                out.add(new Mutation(json, node, "[1, 2]", "list for object", shape));
            }
            default -> {
            }
        }
        return out;
    }

    /** The changes to the JSON a message attribute's string holds, each as that string replaced. */
    private static List<Mutation> inside(LocatedJson json, Node node, String shape) {
        String key = attributeKey(node);
        if (key == null || !MESSAGE_ATTRIBUTES.contains(key)) {
            return List.of();
        }
        LocatedJson embedded = node.embedded();
        // An OTLP attribute's place names no key: each attribute is a place of its own.
        String at = shape.endsWith("/" + key) ? shape : shape + "[key=" + key + "]";
        List<Mutation> out = new ArrayList<>();
        for (Node n : embedded.nodes()) {
            for (Mutation m : of(embedded, n)) {
                out.add(new Mutation(json, node, quoted(m.text()), m.what(), at + " " + m.shape(), m));
            }
        }
        return out;
    }

    /**
     * The attribute a string is the value of: its member name in a map of attributes ({@code "gen_ai.input.messages":
     * "[…]"}), or the key of an OTLP attribute ({@code {"key": …, "value": {"stringValue": "[…]"}}}).
     */
    private static String attributeKey(Node node) {
        if ("stringValue".equals(node.name) && node.parent != null && "value".equals(node.parent.name)
                && node.parent.parent != null) {
            return node.parent.parent.stringMember("key");
        }
        return node.name;
    }

    private static String quoted(String text) {
        try {
            return MAPPER.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The value as written before the change: the changed one inside a message attribute's JSON. */
    String raw() {
        return inside != null ? inside.raw() : json.text.substring(node.start, node.end);
    }

    /** What the value was changed to, as written: inside a message attribute's JSON, the value there. */
    String changedTo() {
        return inside != null ? inside.changedTo() : replacement;
    }

    /**
     * Where a node is, by kind rather than by place: its path with every index as {@code *} and each object on the way
     * named by its kind members ({@code /messages/*[role=tool]/content}), so that one sample's hundred messages of one
     * kind are tried once and each kind of record is tried.
     */
    static String shape(Node node) {
        StringBuilder s = new StringBuilder();
        List<Node> chain = new ArrayList<>();
        for (Node n = node; n != null; n = n.parent) {
            chain.add(0, n);
        }
        for (Node n : chain) {
            if (!n.isTopLevel()) {
                s.append('/').append(n.name != null ? n.name : "*");
            }
            if (n.type == Type.OBJECT && n != node) {
                for (String k : KIND_MEMBERS) {
                    String v = n.stringMember(k);
                    if (v != null) {
                        s.append('[').append(k).append('=').append(v).append(']');
                    }
                }
            }
        }
        return s.isEmpty() ? "(top level)" : s.toString();
    }

    /** The text with the node replaced. */
    String text() {
        return json.text.substring(0, node.start) + replacement + json.text.substring(node.end);
    }

    /** The lines of the record the node is in (itself, when it is one), in the text before the change. */
    int[] recordLinesBefore() {
        Node r = node.record();
        return new int[] {json.line(r.start), json.line(Math.max(r.start, r.end - 1))};
    }

    /** The lines of that record in {@link #text()}. */
    int[] recordLinesAfter(String mutated) {
        Node r = node.record();
        int end = r.end - (node.end - node.start) + replacement.length();
        int first = json.line(r.start);
        int last = first;
        for (int i = r.start; i < Math.max(r.start, end - 1); i++) {
            if (mutated.charAt(i) == '\n') {
                last++;
            }
        }
        return new int[] {first, last};
    }

    @Override
    public String toString() {
        return what + " at " + node.pointer() + (inside != null ? " in its JSON at " + inside.node.pointer() : "")
                + " (line " + json.line(node.start) + ")";
    }
}
