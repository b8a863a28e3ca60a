package dev.tracedeck.analysis.cost;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;

/** The time a call was logged at, which picks its dated prices: ISO instants and local times (taken as UTC), epochs. */
final class CallTime {

    private static final Pattern EPOCH_SECONDS = Pattern.compile("\\d{9,11}(\\.\\d{1,9})?");
    private static final Pattern EPOCH_MILLIS = Pattern.compile("\\d{12,13}");

    private CallTime() {
    }

    static Optional<Instant> parse(String logged) {
        String t = logged == null ? "" : logged.strip();
        if (t.isEmpty()) {
            return Optional.empty();
        }
        if (EPOCH_SECONDS.matcher(t).matches()) {
            return Optional.of(Instant.ofEpochSecond(0).plusNanos(new BigDecimal(t).movePointRight(9).longValue()));
        }
        if (EPOCH_MILLIS.matcher(t).matches()) {
            return Optional.of(Instant.ofEpochMilli(Long.parseLong(t)));
        }
        String iso = (t.length() > 10 && t.charAt(10) == ' ' ? t.substring(0, 10) + 'T' + t.substring(11) : t).replace(',', '.');
        try {
            return Optional.of(OffsetDateTime.parse(iso).toInstant());
        } catch (DateTimeParseException e) {
            // no offset: a local time
        }
        try {
            return Optional.of(LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
