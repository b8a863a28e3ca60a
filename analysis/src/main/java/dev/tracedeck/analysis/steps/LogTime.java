package dev.tracedeck.analysis.steps;

import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * A logged timestamp read for arithmetic: {@code 2025-09-05 10:15:03,003} (Python's logging default),
 * {@code 2025-09-05T10:15:03.003}, or a time of day alone ({@code 10:15:03}, {@code 10:15:03,003}) as older
 * runners write it.
 *
 * @param epochDay    the day when the log gave a date, else empty
 * @param millisOfDay milliseconds since midnight
 * @param hasMillis   false when the log gave whole seconds only
 */
record LogTime(Optional<Long> epochDay, long millisOfDay, boolean hasMillis) {

    static Optional<LogTime> parse(String time) {
        String t = time.strip();
        Optional<Long> day = Optional.empty();
        if (t.length() > 11 && t.charAt(4) == '-' && t.charAt(7) == '-' && (t.charAt(10) == ' ' || t.charAt(10) == 'T')) {
            try {
                day = Optional.of(LocalDate.parse(t.substring(0, 10)).toEpochDay());
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
            t = t.substring(11);
        }
        if (t.length() < 8 || t.charAt(2) != ':' || t.charAt(5) != ':') {
            return Optional.empty();
        }
        int h = digits(t, 0, 2);
        int m = digits(t, 3, 5);
        int s = digits(t, 6, 8);
        if (h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 60) {
            return Optional.empty();
        }
        long millis = ((h * 60L + m) * 60 + s) * 1000;
        boolean hasMillis = t.length() >= 12 && (t.charAt(8) == ',' || t.charAt(8) == '.') && digits(t, 9, 12) >= 0;
        if (hasMillis) {
            millis += digits(t, 9, 12);
        }
        return Optional.of(new LogTime(day, millis, hasMillis));
    }

    /**
     * How long from this time to {@code later}: empty when one has a date and the other not, or when the later
     * one is earlier (a clock step, lines out of order). Times of day alone that go backwards crossed midnight.
     */
    Optional<Duration> until(LogTime later) {
        if (epochDay.isPresent() != later.epochDay.isPresent()) {
            return Optional.empty();
        }
        long dayMillis = 86_400_000L;
        long diff = later.millisOfDay - millisOfDay;
        if (epochDay.isPresent()) {
            diff += (later.epochDay.get() - epochDay.get()) * dayMillis;
        } else if (diff < 0) {
            diff += dayMillis;
        }
        return diff < 0 ? Optional.empty() : Optional.of(Duration.ofMillis(diff));
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
