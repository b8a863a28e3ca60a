package dev.tracedeck.analysis.textcalls;

import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.text.PythonText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one JSON value the way models write it, not the way RFC 8259 wants it. Models print Python dicts
 * (Hermes' own README shows {@code {'arguments': {'symbol': 'TSLA'}, 'name': ...}}), leave trailing commas, put
 * raw newlines in strings, and stop mid-value when the generation is cut. Each of those is read and named:
 * fixes that lose nothing go to {@link JsonRead#repairs()}, anything dropped goes to {@link JsonRead#losses()}.
 *
 * <p>When the text ends inside a value, open strings and containers are closed, but a member whose value was
 * cut is dropped rather than kept half-written: {@code {"city": "Par} gives {@code {}} and the loss says so,
 * because "Par" is not what the model meant. When the text is unreadable at some point, reading stops there
 * and the same closing happens.
 */
final class LenientJson {

    private static final int MAX_DEPTH = 200;
    private static final int SNIPPET = 60;

    private final String text;
    private final int limit;
    private int pos;
    private boolean stopped;
    private boolean cutOff;
    private int depth;
    /** Characters examined, for {@link CountedScan}. */
    private long examined;
    private final List<String> repairs = new ArrayList<>();
    private final List<String> losses = new ArrayList<>();
    private final IdentityHashMap<JsonValue, int[]> spans = new IdentityHashMap<>();

    private LenientJson(String text, int from, int limit) {
        this.text = text;
        this.pos = from;
        this.limit = limit;
    }

    /** Reads one value starting at {@code from} (leading whitespace skipped), never past {@code limit}. */
    static JsonRead read(String text, int from, int limit) {
        LenientJson reader = new LenientJson(text, from, Math.min(limit, text.length()));
        reader.skipSpace();
        int start = reader.pos;
        JsonValue value = reader.value();
        CountedScan.add(reader.examined + 1);
        return new JsonRead(Optional.ofNullable(value), start, reader.pos, reader.limit, reader.repairs, reader.losses,
                reader.cutOff, reader.spans);
    }

    static JsonRead read(String text) {
        return read(text, 0, text.length());
    }

    /** The value at {@code pos}, or null when none could be started (then {@link #stopped} is set). */
    private JsonValue value() {
        skipSpace();
        if (pos >= limit) {
            cut();
            return null;
        }
        if (++depth > MAX_DEPTH) {
            unreadable("nested deeper than " + MAX_DEPTH + " levels");
            return null;
        }
        try {
            char c = at(pos);
            if (c == '{') {
                return object();
            }
            if (c == '[') {
                return array();
            }
            if (c == '"' || c == '\'') {
                return string();
            }
            if (c == '-' || c == '+' || c == '.' || Character.isDigit(c)) {
                return number();
            }
            if (Character.isLetter(c)) {
                return literal();
            }
            unreadable("not a value");
            return null;
        } finally {
            depth--;
        }
    }

    private JsonValue object() {
        int start = pos++;
        Map<String, JsonValue> members = new LinkedHashMap<>();
        while (true) {
            skipSpace();
            if (pos >= limit) {
                closeAtEnd("}");
                return track(new JsonValue.JsonObject(members), start, false);
            }
            char c = at(pos);
            if (c == '}') {
                pos++;
                return track(new JsonValue.JsonObject(members), start, true);
            }
            if (c == ',') {
                pos++;
                repairs.add("skipped a stray comma");
                continue;
            }
            if (!members.isEmpty() && !lastWasComma(start)) {
                repairs.add("added a missing comma between members");
            }
            int keyStart = pos;
            String key = key();
            if (key == null) {
                return track(new JsonValue.JsonObject(members), start, false);
            }
            skipSpace();
            if (pos >= limit) {
                lost("the member `" + key + "`");
                cut();
                return track(new JsonValue.JsonObject(members), start, false);
            }
            if (at(pos) != ':') {
                pos = keyStart;
                unreadable("expected `:` after `" + key + "`");
                return track(new JsonValue.JsonObject(members), start, false);
            }
            pos++;
            JsonValue member = value();
            if (member == null || stopped) {
                if (member instanceof JsonValue.JsonObject || member instanceof JsonValue.JsonArray) {
                    members.put(key, member);
                } else {
                    lost("the value of `" + key + "`");
                }
                return track(new JsonValue.JsonObject(members), start, false);
            }
            if (members.put(key, member) != null) {
                repairs.add("kept the last of two `" + key + "` members");
            }
            skipSpace();
            if (pos < limit && at(pos) == ',') {
                pos++;
                skipSpace();
                if (pos < limit && at(pos) == '}') {
                    repairs.add("dropped a trailing comma");
                }
            }
        }
    }

    private boolean lastWasComma(int objectStart) {
        int i = pos - 1;
        while (i > objectStart && Character.isWhitespace(at(i))) {
            i--;
        }
        return at(i) == ',' || i == objectStart;
    }

    private String key() {
        char c = at(pos);
        if (c == '"' || c == '\'') {
            JsonValue s = string();
            return s == null ? null : ((JsonValue.JsonString) s).value();
        }
        if (Character.isJavaIdentifierStart(c)) {
            int start = pos;
            while (pos < limit && Character.isJavaIdentifierPart(at(pos))) {
                pos++;
            }
            if (pos >= limit) {
                cut();
                return null;
            }
            int after = pos;
            while (after < limit && Character.isWhitespace(at(after))) {
                after++;
            }
            if (after < limit && at(after) == ':') {
                repairs.add("read the unquoted key `" + text.substring(start, pos) + "`");
            }
            return text.substring(start, pos);
        }
        unreadable("expected a key");
        return null;
    }

    private JsonValue array() {
        int start = pos++;
        List<JsonValue> items = new ArrayList<>();
        while (true) {
            skipSpace();
            if (pos >= limit) {
                closeAtEnd("]");
                return track(new JsonValue.JsonArray(items), start, false);
            }
            char c = at(pos);
            if (c == ']') {
                pos++;
                return track(new JsonValue.JsonArray(items), start, true);
            }
            if (c == ',') {
                pos++;
                continue;
            }
            JsonValue item = value();
            if (item == null || stopped) {
                if (item instanceof JsonValue.JsonObject || item instanceof JsonValue.JsonArray) {
                    items.add(item);
                } else {
                    lost("item " + items.size() + " of a list");
                }
                return track(new JsonValue.JsonArray(items), start, false);
            }
            items.add(item);
            skipSpace();
            if (pos < limit && at(pos) == ',') {
                pos++;
                skipSpace();
                if (pos < limit && at(pos) == ']') {
                    repairs.add("dropped a trailing comma");
                }
            }
        }
    }

    private JsonValue string() {
        int start = pos;
        char quote = at(pos++);
        if (quote == '\'') {
            repairs.add("read single-quoted strings");
        }
        StringBuilder sb = new StringBuilder();
        while (pos < limit) {
            char c = at(pos++);
            if (c == quote) {
                return track(new JsonValue.JsonString(sb.toString()), start, true);
            }
            if (c == '\\') {
                if (pos >= limit) {
                    break;
                }
                if (!escape(sb)) {
                    return null;
                }
            } else {
                if (c == '\n') {
                    repairs.add("kept a raw line break inside a string");
                }
                sb.append(c);
            }
        }
        cut();
        return null;
    }

    private boolean escape(StringBuilder sb) {
        char e = at(pos++);
        switch (e) {
            case 'n' -> sb.append('\n');
            case 't' -> sb.append('\t');
            case 'r' -> sb.append('\r');
            case 'b' -> sb.append('\b');
            case 'f' -> sb.append('\f');
            case 'u' -> {
                if (pos + 4 > limit) {
                    pos = limit;
                    cut();
                    return false;
                }
                try {
                    sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                } catch (NumberFormatException bad) {
                    pos -= 2;
                    unreadable("bad \\u escape");
                    return false;
                }
                pos += 4;
            }
            default -> sb.append(e); // \" \' \\ \/ and anything Python would keep
        }
        return true;
    }

    private JsonValue number() {
        int start = pos;
        if (at(pos) == '+' || at(pos) == '-') {
            pos++;
        }
        while (pos < limit && (Character.isDigit(at(pos)) || ".eE+-_".indexOf(at(pos)) >= 0)) {
            pos++;
        }
        String literal = text.substring(start, pos).replace("_", "");
        if (pos >= limit) {
            // "12" at the end of the text may have been "1234": a number the text ends on is not trusted.
            pos = start;
            cut();
            return null;
        }
        try {
            return new JsonValue.JsonNumber(new BigDecimal(literal.startsWith("+") ? literal.substring(1) : literal));
        } catch (NumberFormatException bad) {
            pos = start;
            unreadable("not a number");
            return null;
        }
    }

    private JsonValue literal() {
        int start = pos;
        while (pos < limit && Character.isLetter(at(pos))) {
            pos++;
        }
        String word = text.substring(start, pos);
        JsonValue value = switch (word) {
            case "true" -> new JsonValue.JsonBoolean(true);
            case "false" -> new JsonValue.JsonBoolean(false);
            case "null" -> JsonValue.JsonNull.INSTANCE;
            case "True" -> python(new JsonValue.JsonBoolean(true));
            case "False" -> python(new JsonValue.JsonBoolean(false));
            case "None" -> python(JsonValue.JsonNull.INSTANCE);
            default -> null;
        };
        if (value != null) {
            return value;
        }
        if (pos >= limit && ("true".startsWith(word) || "false".startsWith(word) || "null".startsWith(word))) {
            pos = start;
            cut();
            return null;
        }
        pos = start;
        unreadable("not a value");
        return null;
    }

    private JsonValue python(JsonValue value) {
        repairs.add("read Python's True/False/None");
        return value;
    }

    /** Remembers where a container or string stands; an end of -1 means the text never closed it. */
    private JsonValue track(JsonValue value, int start, boolean closed) {
        spans.put(value, new int[] {start, closed ? pos : -1});
        return value;
    }

    private void closeAtEnd(String bracket) {
        if (!cutOff) {
            cutOff = true;
            stopped = true;
        }
        repairs.add("closed a `" + bracket + "` the text never closed");
    }

    private void cut() {
        if (!stopped) {
            stopped = true;
            cutOff = true;
            losses.add("JSON cut off after `" + tail(pos) + "`");
        }
    }

    private void unreadable(String why) {
        if (!stopped) {
            stopped = true;
            losses.add("could not read JSON at `" + head(pos) + "` (" + why + ")");
        }
    }

    private void lost(String what) {
        losses.add("lost " + what);
    }

    private char at(int i) {
        examined++;
        return text.charAt(i);
    }

    private void skipSpace() {
        while (pos < limit && Character.isWhitespace(at(pos))) {
            pos++;
        }
    }

    /**
     * Up to {@value #SNIPPET} code points of text before {@code at}, whole code points only. Only a window of
     * the text is copied: enough units for more than {@value #SNIPPET} code points, so "…" is put exactly when
     * there is more before.
     */
    private String tail(int at) {
        int end = Math.min(at, limit);
        int from = Math.max(0, end - 2 * SNIPPET - 2);
        if (from > 0 && Character.isLowSurrogate(text.charAt(from))) {
            from++;
        }
        examined += end - from;
        String before = text.substring(from, end);
        int n = PythonText.length(before);
        String shown = n <= SNIPPET ? before : before.substring(before.offsetByCodePoints(0, n - SNIPPET));
        return (n > SNIPPET ? "…" : "") + shown.strip();
    }

    /** Up to {@value #SNIPPET} code points from {@code at}, from a window of the text, never the rest of it. */
    private String head(int at) {
        int end = Math.min(limit, at + 4 * SNIPPET + 2);
        if (end < limit && Character.isHighSurrogate(text.charAt(end - 1))) {
            end++;
        }
        examined += end - at;
        String after = text.substring(at, end) + (end < limit ? "…" : "");
        return PythonText.abbreviate(after.strip(), SNIPPET);
    }
}
