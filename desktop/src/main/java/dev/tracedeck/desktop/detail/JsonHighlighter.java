package dev.tracedeck.desktop.detail;

import static dev.tracedeck.desktop.detail.DetailStyles.*;

/**
 * Colours JSON text token by token: keys, strings, numbers, literals, punctuation. Works on any text that
 * looks like JSON, line by line, and never fails: what it doesn't recognise stays plain.
 */
final class JsonHighlighter {

    private JsonHighlighter() {
    }

    static void append(DetailDocument.Builder out, String json) {
        for (String line : json.split("\n", -1)) {
            line(out, line);
            out.end();
        }
    }

    private static void line(DetailDocument.Builder out, String line) {
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            int end;
            String style;
            if (c == '"') {
                end = stringEnd(line, i);
                style = isKey(line, end) ? JSON_KEY : JSON_STRING;
            } else if (c == '-' || Character.isDigit(c)) {
                end = run(line, i, "0123456789+-.eE");
                style = JSON_NUMBER;
            } else if (Character.isLetter(c)) {
                end = run(line, i, null);
                style = JSON_LITERAL;
            } else if (Character.isWhitespace(c)) {
                end = i + 1;
                while (end < n && Character.isWhitespace(line.charAt(end))) {
                    end++;
                }
                style = "";
            } else {
                end = i + 1;
                style = JSON_PUNCT;
            }
            out.add(line.substring(i, end), style);
            i = end;
        }
    }

    /** Index just past the closing quote, or the end of the line when the string is cut. */
    private static int stringEnd(String line, int start) {
        for (int i = start + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i + 1;
            }
        }
        return line.length();
    }

    private static boolean isKey(String line, int afterString) {
        int i = afterString;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return i < line.length() && line.charAt(i) == ':';
    }

    /** Index past a run of chars in {@code allowed}, or of letters when it is null. */
    private static int run(String line, int start, String allowed) {
        int i = start + 1;
        while (i < line.length()) {
            char c = line.charAt(i);
            boolean ok = allowed == null ? Character.isLetter(c) : allowed.indexOf(c) >= 0;
            if (!ok) {
                break;
            }
            i++;
        }
        return i;
    }
}
