package dev.tracedeck.analysis.align;

import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.ToolCall;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;


/**
 * A short fingerprint of a call's arguments, equal for two calls that differ only in how their arguments were written:
 * the first 8 hex digits of the SHA-256 of their canonical text, in UTF-8. The canonical text of arguments that parse
 * as JSON is that value written compactly with each object's keys in order (by UTF-16 code unit), every string's runs
 * of whitespace (space, tab, CR, LF, form feed, vertical tab) made one space and its ends trimmed, and every number
 * without trailing zeros (1.50 and 1.5 are {@code 1.5}, 2.0 is {@code 2}, never an exponent); arguments that don't
 * parse (code, text) are that text as one such string. Strings are quoted with {@code \"}, {@code \\} and
 * a backslash, u and four lowercase hex digits (lowercase hex) for the other control characters; nothing else is escaped. docs/align.md says the
 * same, and {@code scripts/align_count.py} computes it on its own.
 */
public final class ArgumentFingerprint {

    private static final HexFormat HEX = HexFormat.of();

    private ArgumentFingerprint() {
    }

    /** The fingerprint of a call's arguments: parsed where they parse, else as written. */
    public static String of(ToolCall call) {
        return call.arguments().map(ArgumentFingerprint::ofValue).orElseGet(() -> ofText(call.rawArguments()));
    }

    /** The fingerprint of a text (an answer, arguments that are no JSON). */
    public static String ofText(String text) {
        return hash(canonical(new JsonValue.JsonString(text)));
    }

    public static String ofValue(JsonValue value) {
        return hash(canonical(value));
    }

    /** The canonical text of {@code value}. */
    static String canonical(JsonValue value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(JsonValue value, StringBuilder out) {
        if (value instanceof JsonValue.JsonObject o) {
            List<String> keys = new ArrayList<>(o.members().keySet());
            keys.sort(null);
            out.append('{');
            for (int i = 0; i < keys.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                quote(keys.get(i), out);
                out.append(':');
                write(o.members().get(keys.get(i)), out);
            }
            out.append('}');
        } else if (value instanceof JsonValue.JsonArray a) {
            out.append('[');
            for (int i = 0; i < a.items().size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(a.items().get(i), out);
            }
            out.append(']');
        } else if (value instanceof JsonValue.JsonString s) {
            quote(normalize(s.value()), out);
        } else if (value instanceof JsonValue.JsonNumber n) {
            out.append(number(n.value()));
        } else if (value instanceof JsonValue.JsonBoolean b) {
            out.append(b.value());
        } else {
            out.append("null");
        }
    }

    /** Runs of whitespace made one space, the ends trimmed. */
    static String normalize(String s) {
        StringBuilder out = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000B') {
                space = out.length() > 0;
            } else {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    static String number(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() <= 0 ? stripped.toBigInteger().toString() : stripped.toPlainString();
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

    private static String hash(String canonical) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
            return HEX.formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
