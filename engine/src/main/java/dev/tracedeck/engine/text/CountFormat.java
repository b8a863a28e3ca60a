package dev.tracedeck.engine.text;

import java.util.Locale;

/**
 * Counts for people: grouped the same way on every machine, so screenshots, reports and tests agree. Every count the
 * window and the text reports print goes through here; a position (a line, an event's number, a msg_idx) is printed
 * as editors and logs print it, ungrouped.
 */
public final class CountFormat {

    private CountFormat() {
    }

    /** "1,234,567". */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** "1 thread", "2 threads". */
    public static String count(long n, String singular, String plural) {
        return count(n) + " " + (n == 1 ? singular : plural);
    }
}
