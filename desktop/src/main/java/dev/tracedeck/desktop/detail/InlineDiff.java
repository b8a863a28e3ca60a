package dev.tracedeck.desktop.detail;

/**
 * Where two one-line previews differ: the common start and the common end, the rest marked. Cuts fall on
 * code points, never inside a surrogate pair, and widen to whole words when that leaves a word-sized change
 * readable ("Lisbon" → "Porto" rather than "Lisb|on"), unless the word is long (JSON, a URL: no spaces for
 * a hundred characters), where the exact cut says more. Good enough for a preview that changed in one place,
 * which is what a changed state entry usually is; a preview rewritten throughout is marked whole.
 *
 * @param prefix common start, in chars of both strings
 * @param suffix common end, in chars of both strings; never overlaps the prefix in either
 */
record InlineDiff(String before, String after, int prefix, int suffix) {

    /** How far a cut may move to reach a word boundary; past that it stays exact. */
    private static final int MAX_WORD = 16;

    static InlineDiff of(String before, String after) {
        int prefix = commonPrefix(before, after);
        int suffix = commonSuffix(before, after, prefix);
        prefix = wordStart(before, after, prefix);
        suffix = wordEnd(before, after, suffix);
        return new InlineDiff(before, after, prefix, suffix);
    }

    String beforeStart() {
        return before.substring(0, prefix);
    }

    String removed() {
        return before.substring(prefix, before.length() - suffix);
    }

    String afterStart() {
        return after.substring(0, prefix);
    }

    String added() {
        return after.substring(prefix, after.length() - suffix);
    }

    String beforeEnd() {
        return before.substring(before.length() - suffix);
    }

    String afterEnd() {
        return after.substring(after.length() - suffix);
    }

    private static int commonPrefix(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length()) {
            int ca = a.codePointAt(i);
            if (ca != b.codePointAt(i)) {
                break;
            }
            i += Character.charCount(ca);
        }
        return i;
    }

    /** Common end, leaving {@code prefix} chars alone in both strings. */
    private static int commonSuffix(String a, String b, int prefix) {
        int n = 0;
        while (a.length() - n > prefix && b.length() - n > prefix) {
            int ca = a.codePointBefore(a.length() - n);
            if (ca != b.codePointBefore(b.length() - n)) {
                break;
            }
            n += Character.charCount(ca);
        }
        return n;
    }

    /** Moves a cut at {@code prefix} back to the start of the word it falls in, if it falls in one. */
    private static int wordStart(String a, String b, int prefix) {
        if (prefix == 0 || !inWord(a.codePointBefore(prefix)) || !inWord(a, prefix) && !inWord(b, prefix)) {
            return prefix;
        }
        int i = prefix;
        while (i > 0 && inWord(a.codePointBefore(i))) {
            i -= Character.charCount(a.codePointBefore(i));
        }
        return prefix - i <= MAX_WORD ? i : prefix;
    }

    /** Moves a cut {@code suffix} chars from the end forward to the end of the word it falls in, if it falls in one. */
    private static int wordEnd(String a, String b, int suffix) {
        int cut = a.length() - suffix;
        if (suffix == 0 || !inWord(a, cut) || !inWordBefore(a, cut) && !inWordBefore(b, b.length() - suffix)) {
            return suffix;
        }
        int i = cut;
        while (i < a.length() && inWord(a.codePointAt(i))) {
            i += Character.charCount(a.codePointAt(i));
        }
        return i - cut <= MAX_WORD ? a.length() - i : suffix;
    }

    private static boolean inWord(int codePoint) {
        return !Character.isWhitespace(codePoint);
    }

    /** Whether the code point starting at {@code i} is part of a word; the end of the text is not. */
    private static boolean inWord(String s, int i) {
        return i < s.length() && inWord(s.codePointAt(i));
    }

    private static boolean inWordBefore(String s, int i) {
        return i > 0 && inWord(s.codePointBefore(i));
    }
}
