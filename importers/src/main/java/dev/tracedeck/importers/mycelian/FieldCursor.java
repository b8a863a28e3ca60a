package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.MalformedRecordException;

/**
 * Reads the {@code key=value} fields of a record body in the order the logger wrote them. Values of inner
 * fields end at the next space; the last field of a line runs to the end of the record, newlines included,
 * and may itself contain {@code key=value} text.
 */
final class FieldCursor {

    private final String body;
    private int pos;

    FieldCursor(String body) {
        this(body, 0);
    }

    /** Reads {@code text} from {@code start}, so a record's body needn't be copied out of it. */
    FieldCursor(String text, int start) {
        this.body = text;
        this.pos = start;
    }

    /** True when the value of {@code key} here equals {@code expected} and runs to the end of the text. */
    boolean restEquals(String key, String expected) {
        int from = pos + key.length() + 1;
        return at(key) && body.length() - from == expected.length() && body.startsWith(expected, from);
    }

    boolean at(String key) {
        return body.startsWith(key, pos) && body.length() > pos + key.length() && body.charAt(pos + key.length()) == '=';
    }

    /** A value that ends at the next space (which may be empty, as in {@code role= msg_idx=3}). */
    String token(String key) throws MalformedRecordException {
        expect(key);
        int end = body.indexOf(' ', pos);
        if (end < 0) {
            end = body.length();
        }
        String value = body.substring(pos, end);
        pos = Math.min(end + 1, body.length());
        return value;
    }

    /**
     * A value that usually has no spaces but may (a thread id such as {@code user "bob" 2:s1}): it ends where
     * the first of {@code nextKeys} begins, {@code " " + nextKey + "="}. When none follows, it ends at the next
     * space, as a {@link #token} does, so the field after it reports what is wrong.
     */
    String spaced(String key, String... nextKeys) throws MalformedRecordException {
        expect(key);
        int space = body.indexOf(' ', pos);
        for (String next : nextKeys) {
            if (space >= 0 && startsWithKey(space, next)) {
                return take(space);
            }
        }
        int end = -1;
        for (String next : nextKeys) {
            int at = pos - 1;
            do {
                at = body.indexOf(" " + next + "=", at + 1);
            } while (at >= 0 && !startsWithKey(at, next));
            if (at >= 0 && (end < 0 || at < end)) {
                end = at;
            }
        }
        return take(end >= 0 ? end : space < 0 ? body.length() : space);
    }

    private String take(int end) {
        String value = body.substring(pos, end);
        pos = Math.min(end + 1, body.length());
        return value;
    }

    /**
     * Like {@link #token} but returns {@code candidate} itself, without copying, when the value equals it;
     * for values that repeat on every line, such as a dump entry's type and role.
     */
    String token(String key, String candidate) throws MalformedRecordException {
        expect(key);
        int end = body.indexOf(' ', pos);
        if (end < 0) {
            end = body.length();
        }
        String value = candidate != null && end - pos == candidate.length() && body.startsWith(candidate, pos)
                ? candidate : body.substring(pos, end);
        pos = Math.min(end + 1, body.length());
        return value;
    }

    /** Like {@link #until} but returns {@code candidate} itself when the value equals it. */
    String until(String key, String nextKey, String candidate) throws MalformedRecordException {
        expect(key);
        if (candidate != null && body.startsWith(candidate, pos) && startsWithKey(pos + candidate.length(), nextKey)) {
            pos += candidate.length() + 1;
            return candidate;
        }
        pos -= key.length() + 1;
        return until(key, nextKey);
    }

    /** A value that may contain spaces and ends where {@code " " + nextKey + "="} begins. */
    String until(String key, String nextKey) throws MalformedRecordException {
        expect(key);
        int end = pos - 1;
        do {
            end = body.indexOf(nextKey, end + 1);
        } while (end > 0 && !startsWithKey(end - 1, nextKey));
        if (end <= 0) {
            throw new MalformedRecordException("expected " + nextKey + "= after " + key + "=");
        }
        String value = body.substring(pos, end - 1);
        pos = end;
        return value;
    }

    /** True when {@code " " + key + "="} starts at {@code at}, checked without building that string. */
    private boolean startsWithKey(int at, String key) {
        int eq = at + 1 + key.length();
        return eq < body.length() && body.charAt(at) == ' ' && body.startsWith(key, at + 1) && body.charAt(eq) == '=';
    }

    /** A decimal value ending at the next space, read in place (it is on every line of a dump). */
    int intToken(String key) throws MalformedRecordException {
        expect(key);
        int start = pos;
        int value = 0;
        while (pos < body.length() && pos - start < 10) {
            char c = body.charAt(pos);
            if (c < '0' || c > '9') {
                break;
            }
            value = value * 10 + (c - '0');
            pos++;
        }
        if (pos == start || pos - start == 10 || (pos < body.length() && body.charAt(pos) != ' ')) {
            // Not a plain small number: take the whole token and let the slow path parse it or say why not.
            int end = body.indexOf(' ', start);
            end = end < 0 ? body.length() : end;
            pos = Math.min(end + 1, body.length());
            return parseInt(key, body.substring(start, end));
        }
        pos = Math.min(pos + 1, body.length());
        return value;
    }

    /** The last field: everything to the end of the record. */
    String rest(String key) throws MalformedRecordException {
        expect(key);
        String value = body.substring(pos);
        pos = body.length();
        return value;
    }

    static int parseInt(String key, String value) throws MalformedRecordException {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new MalformedRecordException(key + "=" + abbreviate(value) + " is not a number");
        }
    }

    private void expect(String key) throws MalformedRecordException {
        if (!at(key)) {
            String found = pos >= body.length() ? "end of line" : "'" + abbreviate(body.substring(pos)) + "'";
            throw new MalformedRecordException("expected " + key + "= but found " + found);
        }
        pos += key.length() + 1;
    }

    static String abbreviate(String s) {
        String line = s.lines().findFirst().orElse("");
        return line.length() > 40 ? line.substring(0, 40) + "…" : line;
    }
}
