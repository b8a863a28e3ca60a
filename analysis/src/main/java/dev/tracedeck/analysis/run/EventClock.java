package dev.tracedeck.analysis.run;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/**
 * A logged time as microseconds, for laying events on one axis: ISO dates and times ({@code 2026-02-11T20:36:45.618Z},
 * with an offset, or with a space and a comma as Python's logging writes them) since the epoch, a time of day alone
 * since its midnight. Without a zone a time is taken as UTC: one run's times are compared with each other only.
 */
public final class EventClock {

    /** A time that could not be read. */
    public static final long UNKNOWN = Long.MIN_VALUE;

    private EventClock() {
    }

    public static long micros(String time) {
        String t = time.strip();
        long day = 0;
        int at = 0;
        if (t.length() >= 10 && t.charAt(4) == '-' && t.charAt(7) == '-') {
            try {
                day = LocalDate.parse(t.substring(0, 10)).toEpochDay();
            } catch (DateTimeParseException e) {
                return UNKNOWN;
            }
            if (t.length() == 10) {
                return day * 86_400_000_000L;
            }
            if (t.charAt(10) != 'T' && t.charAt(10) != ' ') {
                return UNKNOWN;
            }
            at = 11;
        }
        if (t.length() < at + 8 || t.charAt(at + 2) != ':' || t.charAt(at + 5) != ':') {
            return UNKNOWN;
        }
        int h = digits(t, at, at + 2);
        int m = digits(t, at + 3, at + 5);
        int s = digits(t, at + 6, at + 8);
        if (h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 60) {
            return UNKNOWN;
        }
        long micros = ((h * 60L + m) * 60 + s) * 1_000_000L;
        int i = at + 8;
        if (i < t.length() && (t.charAt(i) == '.' || t.charAt(i) == ',')) {
            i++;
            long scale = 100_000;
            while (i < t.length() && Character.isDigit(t.charAt(i))) {
                micros += (t.charAt(i) - '0') * scale;
                scale /= 10;
                i++;
            }
        }
        micros -= offsetMicros(t, i);
        return day * 86_400_000_000L + micros;
    }

    /** The zone offset written at {@code i}: "Z", "+02:00", "-0500"; 0 when none. */
    private static long offsetMicros(String t, int i) {
        if (i >= t.length() || t.charAt(i) == 'Z' || (t.charAt(i) != '+' && t.charAt(i) != '-')) {
            return 0;
        }
        int sign = t.charAt(i) == '-' ? -1 : 1;
        String rest = t.substring(i + 1).replace(":", "");
        if (rest.length() < 2) {
            return 0;
        }
        int hours = digits(rest, 0, 2);
        int minutes = rest.length() >= 4 ? digits(rest, 2, 4) : 0;
        if (hours < 0 || minutes < 0) {
            return 0;
        }
        return sign * (hours * 60L + minutes) * 60_000_000L;
    }

    private static int digits(String s, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
