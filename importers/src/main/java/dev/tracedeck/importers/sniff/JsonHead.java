package dev.tracedeck.importers.sniff;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What the first kilobytes of a JSON file show, for the importers' {@code confidence}: the member names and
 * the values of a few telling members ({@code role}, {@code type}) at any depth. Read with Jackson's token
 * stream, which stops where the head is cut; a line that does not parse (a broken JSON Lines line) is skipped
 * and reading resumes at the next line. A head that does not start with an object or an array is not JSON, unless
 * a few lines of text are put before JSON Lines ({@link JsonLinesPreamble}): then it is read from the first of those.
 */
public final class JsonHead {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final Set<String> VALUES_OF = Set.of("role", "type", "object", "kind", "event");
    private static final int MAX_RESTARTS = 20;

    /**
     * The head read last: detection asks every importer how sure it is, twice over, and most of them read the head as
     * JSON first; the same head (the same string) is read once.
     */
    private static volatile JsonHead last;

    private final String head;
    private final boolean json;
    private final char first;
    private final Set<String> names = new HashSet<>();
    private final Map<String, Set<String>> values = new HashMap<>();
    private final Set<String> topLevelNames = new HashSet<>();

    private JsonHead(String head) {
        this.head = head;
        int start = 0;
        while (start < head.length() && (Character.isWhitespace(head.charAt(start)) || head.charAt(start) == '\uFEFF')) {
            start++;
        }
        if (start < head.length() && !JsonLinesPreamble.startsLikeJson(head.charAt(start))) {
            int data = JsonLinesPreamble.dataStart(head, start);
            start = data < 0 ? start : data;
        }
        this.first = start < head.length() ? head.charAt(start) : ' ';
        this.json = first == '{' || first == '[';
        if (json) {
            int restarts = 0;
            while (start >= 0 && start < head.length() && restarts++ < MAX_RESTARTS) {
                start = scan(head, start);
            }
        }
    }

    public static JsonHead of(String head) {
        JsonHead known = last;
        if (known != null && known.head == head) {
            return known;
        }
        JsonHead read = new JsonHead(head);
        last = read;
        return read;
    }

    /** True when the head starts with an object or an array. */
    public boolean isJson() {
        return json;
    }

    /** '{' or '[' for JSON. */
    public char firstChar() {
        return first;
    }

    public boolean hasName(String name) {
        return names.contains(name);
    }

    /** A member of a top-level value (the document, a line, an element of a top-level array). */
    public boolean hasTopLevelName(String name) {
        return topLevelNames.contains(name);
    }

    /**
     * String values of the member {@code name} ({@code role}, {@code type}, {@code object}, {@code kind} or
     * {@code event}) seen anywhere.
     */
    public Set<String> valuesOf(String name) {
        return Collections.unmodifiableSet(values.getOrDefault(name, Set.of()));
    }

    public boolean hasValue(String name, String value) {
        return valuesOf(name).contains(value);
    }

    /** Tokenizes from {@code start}; returns where to resume after a parse error (the next line), or -1. */
    private int scan(String head, int start) {
        int topDepth = first == '[' ? 2 : 1;
        try (JsonParser p = FACTORY.createParser(head.substring(start))) {
            int depth = 0;
            String name = null;
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                switch (t) {
                    case START_OBJECT, START_ARRAY -> depth++;
                    case END_OBJECT, END_ARRAY -> depth--;
                    case FIELD_NAME -> {
                        name = p.currentName();
                        names.add(name);
                        if (depth == topDepth || depth == 1) {
                            topLevelNames.add(name);
                        }
                    }
                    case VALUE_STRING -> {
                        if (name != null && VALUES_OF.contains(name)) {
                            values.computeIfAbsent(name, k -> new HashSet<>()).add(p.getText());
                        }
                    }
                    default -> { }
                }
                if (t != JsonToken.FIELD_NAME) {
                    name = null;
                }
            }
            return -1;
        } catch (IOException e) {
            // Cut at the head's end, or a broken line: go on after the line where it broke.
            int at = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe && jpe.getLocation() != null
                    ? (int) Math.min(Integer.MAX_VALUE, jpe.getLocation().getCharOffset()) : -1;
            if (at < 0) {
                return -1;
            }
            int newline = head.indexOf('\n', start + at);
            return newline < 0 ? -1 : newline + 1;
        }
    }
}
