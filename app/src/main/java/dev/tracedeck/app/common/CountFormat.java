package dev.tracedeck.app.common;

import java.util.Locale;

/** Counts for people: grouped the same way on every machine, so screenshots and tests agree. */
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
