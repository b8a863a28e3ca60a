package dev.tracedeck.model.textcalls;

/** Small scanning helpers the recognisers share. */
final class Text {

    private Text() {
    }

    static int skipSpace(String text, int pos, int limit) {
        while (pos < limit && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    /** The end of a tool-name-like identifier starting at {@code pos} (letters, digits, {@code _ . -}). */
    static int identifierEnd(String text, int pos, int limit) {
        if (pos >= limit || !(Character.isLetter(text.charAt(pos)) || text.charAt(pos) == '_')) {
            return pos;
        }
        int i = pos + 1;
        while (i < limit && (Character.isLetterOrDigit(text.charAt(i)) || "_.-".indexOf(text.charAt(i)) >= 0)) {
            i++;
        }
        return i;
    }

    /**
     * Where the bracketed value opening at {@code start} ends: just past its matching bracket, skipping brackets
     * inside quoted strings; {@code limit} when it never closes. Used to show unreadable JSON whole.
     */
    static int balancedEnd(String text, int start, int limit) {
        int depth = 0;
        char quote = 0;
        for (int i = start; i < limit; i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '{' || c == '[' || c == '(') {
                depth++;
            } else if (c == '}' || c == ']' || c == ')') {
                depth--;
                if (depth <= 0) {
                    return i + 1;
                }
            }
        }
        return limit;
    }

    /** True when everything outside the given spans is whitespace, separators or the given tokens. */
    static boolean onlyFiller(String text, java.util.List<int[]> spans, String separators, String... tokens) {
        StringBuilder rest = new StringBuilder();
        int pos = 0;
        for (int[] span : spans.stream().sorted(java.util.Comparator.comparingInt(s -> s[0])).toList()) {
            if (span[0] > pos) {
                rest.append(text, pos, span[0]).append(' ');
            }
            pos = Math.max(pos, span[1]);
        }
        rest.append(text.substring(Math.min(pos, text.length())));
        String left = rest.toString();
        for (String token : tokens) {
            left = left.replace(token, " ");
        }
        for (int i = 0; i < left.length(); i++) {
            char c = left.charAt(i);
            if (!Character.isWhitespace(c) && separators.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }
}
