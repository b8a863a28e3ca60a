package dev.tracedeck.model.json;

import java.util.Iterator;
import java.util.Map;

/** Writes {@link JsonValue}s as JSON text, either indented for reading or on one line. */
final class JsonWriter {

    private final StringBuilder out = new StringBuilder();
    private final boolean pretty;

    private JsonWriter(boolean pretty) {
        this.pretty = pretty;
    }

    static String pretty(JsonValue value) {
        return new JsonWriter(true).write(value, 0).out.toString();
    }

    static String compact(JsonValue value) {
        return new JsonWriter(false).write(value, 0).out.toString();
    }

    private JsonWriter write(JsonValue value, int depth) {
        if (value instanceof JsonValue.JsonObject object) {
            writeObject(object.members(), depth);
        } else if (value instanceof JsonValue.JsonArray array) {
            writeArray(array, depth);
        } else if (value instanceof JsonValue.JsonString s) {
            quote(s.value());
        } else if (value instanceof JsonValue.JsonNumber n) {
            out.append(n.value().toString());
        } else if (value instanceof JsonValue.JsonBoolean b) {
            out.append(b.value());
        } else {
            out.append("null");
        }
        return this;
    }

    private void writeObject(Map<String, JsonValue> members, int depth) {
        if (members.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append('{');
        Iterator<Map.Entry<String, JsonValue>> it = members.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonValue> member = it.next();
            newline(depth + 1);
            quote(member.getKey());
            out.append(pretty ? ": " : ":");
            write(member.getValue(), depth + 1);
            if (it.hasNext()) {
                out.append(',');
            }
        }
        newline(depth);
        out.append('}');
    }

    private void writeArray(JsonValue.JsonArray array, int depth) {
        if (array.items().isEmpty()) {
            out.append("[]");
            return;
        }
        out.append('[');
        for (int i = 0; i < array.items().size(); i++) {
            newline(depth + 1);
            write(array.items().get(i), depth + 1);
            if (i < array.items().size() - 1) {
                out.append(',');
            }
        }
        newline(depth);
        out.append(']');
    }

    private void newline(int depth) {
        if (pretty) {
            out.append('\n').append("  ".repeat(depth));
        }
    }

    private void quote(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
