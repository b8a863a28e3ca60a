package dev.tracedeck.analysis.textcalls;

/** Small scanning helpers the recognisers share. Each counts what it examines ({@link CountedScan}). */
final class TextScanning {

    /**
     * How far past the point where reading stopped unreadable JSON is followed to its balancing bracket, so that
     * it is shown whole; past this it is shown up to here. Bounds the look-ahead of every candidate a message holds.
     */
    static final int UNREADABLE_LOOKAHEAD = 1_000;
    /** How far back a marker before a call ({@code <|python_tag|>}) is looked for, blanks included. */
    static final int LOOK_BACK = 256;

    private TextScanning() {
    }

    static int skipSpace(String text, int pos, int limit) {
        int from = pos;
        while (pos < limit && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
        CountedScan.add(pos - from + 1);
        return pos;
    }

    /** True when {@code token}, then only blanks, stands just before {@code pos}; looks back {@link #LOOK_BACK} at most. */
    static boolean precededBy(String text, int pos, String token) {
        int floor = Math.max(0, pos - LOOK_BACK);
        int i = pos;
        while (i > floor && Character.isWhitespace(text.charAt(i - 1))) {
            i--;
        }
        CountedScan.add(pos - i + token.length());
        return i - token.length() >= 0 && text.startsWith(token, i - token.length());
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
        CountedScan.add(i - pos + 1);
        return i;
    }

    /**
     * Where the bracketed value opening at {@code start} ends: just past its matching bracket, skipping brackets
     * inside quoted strings; {@code limit} when it never closes. Used to show unreadable JSON whole; callers bound
     * {@code limit} ({@link #UNREADABLE_LOOKAHEAD}), since a bracket that never closes is followed to it.
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
                    CountedScan.add(i + 1 - start);
                    return i + 1;
                }
            }
        }
        CountedScan.add(Math.max(0, limit - start));
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
        CountedScan.add(text.length() + (long) left.length() * (tokens.length + 1));
        for (int i = 0; i < left.length(); i++) {
            char c = left.charAt(i);
            if (!Character.isWhitespace(c) && separators.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }
}
