package dev.tracedeck.importers.smolagents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;

/**
 * Reads what Python's {@code str()} writes of a value made of dicts, lists, tuples, strings, numbers, {@code True},
 * {@code False} and {@code None} (smolagents writes its memory's tool calls so: {@code str([tc.dict() for tc in
 * tool_calls])}), as JSON. Strict: anything else, or anything after the value, reads as nothing, so that text that
 * only looks like a literal is never taken for one. Dict keys that are not strings are written as their text.
 */
public final class PythonLiteral {

    private static final int MAX_DEPTH = 100;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String text;
    private int pos;
    private int depth;

    private PythonLiteral(String text, int from) {
        this.text = text;
        this.pos = from;
    }

    /** The literal that fills {@code text} from {@code from} to its end (whitespace around it aside), if it is one. */
    static Optional<JsonNode> read(String text, int from) {
        PythonLiteral reader = new PythonLiteral(text, from);
        try {
            JsonNode value = reader.value();
            reader.space();
            return reader.pos == text.length() ? Optional.of(value) : Optional.empty();
        } catch (NotALiteral e) {
            return Optional.empty();
        }
    }

    /** A literal read where it starts among other text, and the index just past it. */
    public record Prefix(JsonNode value, int end) {
    }

    /**
     * The literal that starts at {@code from} (after any whitespace) and where it ends, when one does: for a literal
     * among other text, as a pydantic model's {@code str()} writes each field's {@code repr}.
     */
    public static Optional<Prefix> readAt(String text, int from) {
        PythonLiteral reader = new PythonLiteral(text, from);
        try {
            JsonNode value = reader.value();
            return Optional.of(new Prefix(value, reader.pos));
        } catch (NotALiteral e) {
            return Optional.empty();
        }
    }

    /** Thrown where the text stops being a literal; cheap, since it carries no stack. */
    private static final class NotALiteral extends Exception {
        NotALiteral() {
            super(null, null, false, false);
        }
    }

    private JsonNode value() throws NotALiteral {
        space();
        if (pos >= text.length() || ++depth > MAX_DEPTH) {
            throw new NotALiteral();
        }
        char c = text.charAt(pos);
        JsonNode value;
        if (c == '{') {
            value = dict();
        } else if (c == '[' || c == '(') {
            value = list(c == '[' ? ']' : ')');
        } else if (c == '\'' || c == '"') {
            value = NODES.textNode(string());
        } else if (word("None")) {
            value = NODES.nullNode();
        } else if (word("True")) {
            value = NODES.booleanNode(true);
        } else if (word("False")) {
            value = NODES.booleanNode(false);
        } else {
            value = number();
        }
        depth--;
        return value;
    }

    private ObjectNode dict() throws NotALiteral {
        ObjectNode dict = NODES.objectNode();
        pos++;
        space();
        if (take('}')) {
            return dict;
        }
        do {
            JsonNode key = value();
            space();
            expect(':');
            dict.set(key.isTextual() ? key.textValue() : key.toString(), value());
            space();
        } while (take(',') && !closes('}'));
        expect('}');
        return dict;
    }

    private ArrayNode list(char close) throws NotALiteral {
        ArrayNode list = NODES.arrayNode();
        pos++;
        space();
        if (take(close)) {
            return list;
        }
        do {
            list.add(value());
            space();
        } while (take(',') && !closes(close));
        expect(close);
        return list;
    }

    /** A trailing comma before the closing bracket, as a one-element tuple has. */
    private boolean closes(char close) {
        space();
        return pos < text.length() && text.charAt(pos) == close;
    }

    /** A string in either quote, with Python's escapes; adjacent literals are not joined (repr never writes them). */
    private String string() throws NotALiteral {
        char quote = text.charAt(pos++);
        StringBuilder s = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == quote) {
                return s.toString();
            }
            if (c == '\n') {
                throw new NotALiteral();
            }
            if (c != '\\') {
                s.append(c);
                continue;
            }
            if (pos >= text.length()) {
                throw new NotALiteral();
            }
            char e = text.charAt(pos++);
            switch (e) {
                case 'n' -> s.append('\n');
                case 't' -> s.append('\t');
                case 'r' -> s.append('\r');
                case '\\', '\'', '"' -> s.append(e);
                case 'a' -> s.append('\u0007');
                case 'b' -> s.append('\b');
                case 'f' -> s.append('\f');
                case 'v' -> s.append('\u000B');
                case '0' -> s.append('\0');
                case 'x' -> s.appendCodePoint(hex(2));
                case 'u' -> s.appendCodePoint(hex(4));
                case 'U' -> s.appendCodePoint(hex(8));
                default -> s.append('\\').append(e); // Python keeps an unknown escape as written
            }
        }
        throw new NotALiteral();
    }

    private int hex(int digits) throws NotALiteral {
        if (pos + digits > text.length()) {
            throw new NotALiteral();
        }
        try {
            int cp = Integer.parseInt(text.substring(pos, pos + digits), 16);
            pos += digits;
            if (!Character.isValidCodePoint(cp)) {
                throw new NotALiteral();
            }
            return cp;
        } catch (NumberFormatException e) {
            throw new NotALiteral();
        }
    }

    private JsonNode number() throws NotALiteral {
        int start = pos;
        if (pos < text.length() && (text.charAt(pos) == '-' || text.charAt(pos) == '+')) {
            pos++;
        }
        while (pos < text.length() && "0123456789.eE+-_".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        String digits = text.substring(start, pos).replace("_", "");
        try {
            if (digits.matches("[-+]?\\d+")) {
                return NODES.numberNode(new BigInteger(digits));
            }
            return NODES.numberNode(new BigDecimal(digits));
        } catch (NumberFormatException e) {
            throw new NotALiteral();
        }
    }

    private boolean word(String word) {
        if (!text.startsWith(word, pos)) {
            return false;
        }
        int end = pos + word.length();
        if (end < text.length() && Character.isJavaIdentifierPart(text.charAt(end))) {
            return false;
        }
        pos = end;
        return true;
    }

    private void space() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean take(char c) {
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) throws NotALiteral {
        if (!take(c)) {
            throw new NotALiteral();
        }
    }
}
