package dev.tracedeck.analysis.textcalls;

import java.util.regex.Matcher;

/**
 * Counts the characters the scan for text calls examines on the current thread, so a test can hold the scan to
 * linear work without timing it. Every scan over a message's text goes through these helpers or adds what it
 * examined; the count costs one thread-local addition per scan, not per character.
 */
final class CountedScan {

    private static final ThreadLocal<long[]> EXAMINED = ThreadLocal.withInitial(() -> new long[1]);

    private CountedScan() {
    }

    static void add(long characters) {
        EXAMINED.get()[0] += characters;
    }

    /** Characters examined on this thread since the last {@link #reset}. */
    static long examined() {
        return EXAMINED.get()[0];
    }

    static void reset() {
        EXAMINED.get()[0] = 0;
    }

    /** {@link String#indexOf(String, int)}, counting the characters it passes. */
    static int indexOf(String text, String needle, int from) {
        int at = text.indexOf(needle, from);
        add((at < 0 ? text.length() : at + needle.length()) - Math.min(from, text.length()));
        return at;
    }

    static int indexOf(String text, char c, int from) {
        int at = text.indexOf(c, from);
        add((at < 0 ? text.length() : at + 1) - Math.min(from, text.length()));
        return at;
    }

    /**
     * {@link Matcher#find(int)}, counting the characters from {@code from} to the end of the match (to the end of
     * the text when there is none). The patterns given here are written not to backtrack over what they passed.
     */
    static boolean find(Matcher m, int from, int length) {
        boolean found = m.find(from);
        add((found ? m.end() : length) - Math.min(from, length));
        return found;
    }
}
