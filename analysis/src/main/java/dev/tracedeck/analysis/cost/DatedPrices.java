package dev.tracedeck.analysis.cost;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A model's prices over time: one set, or several each with the constraint under which it applies (from a date on,
 * or between two times of the UTC day). As genai-prices reads them, the last whose constraint holds at the call's
 * time applies, else the first.
 */
record DatedPrices(List<Period> periods) {

    /** A set of prices, keyed by price key, and when it applies: {@code from} a date, or {@code between} two times. */
    record Period(Map<String, Rate> rates, Optional<LocalDate> from, Optional<LocalTime[]> between) {
        boolean holdsAt(Instant at) {
            if (from.isPresent()) {
                return !at.isBefore(from.get().atStartOfDay(ZoneOffset.UTC).toInstant());
            }
            if (between.isPresent()) {
                LocalTime t = LocalTime.ofInstant(at, ZoneOffset.UTC);
                LocalTime start = between.get()[0];
                LocalTime end = between.get()[1];
                return end.isBefore(start) ? !t.isBefore(start) || t.isBefore(end) : !t.isBefore(start) && t.isBefore(end);
            }
            return true;
        }

        String constraint() {
            return from.map(d -> "from " + d).orElse(between.map(b -> "between " + b[0] + " and " + b[1] + " UTC").orElse(""));
        }
    }

    DatedPrices {
        periods = List.copyOf(periods);
    }

    /** The set that applies at {@code at}; with no time known, the latest one dated on or before {@code now}. */
    Period at(Optional<Instant> at, Instant now) {
        Instant t = at.orElse(now);
        for (int i = periods.size() - 1; i >= 0; i--) {
            Period p = periods.get(i);
            if (at.isEmpty() && p.between().isPresent()) {
                continue;
            }
            if (p.holdsAt(t)) {
                return p;
            }
        }
        return periods.get(0);
    }

    boolean dated() {
        return periods.size() > 1;
    }

    /** A row's {@code prices}: an object of price keys, or a list of {@code {constraint?, prices}}. */
    static DatedPrices of(JsonNode prices) {
        List<Period> periods = new ArrayList<>();
        if (prices.isArray()) {
            for (JsonNode p : prices) {
                JsonNode c = p.path("constraint");
                Optional<LocalDate> from = c.has("start_date") ? Optional.of(LocalDate.parse(c.get("start_date").asText()))
                        : Optional.empty();
                Optional<LocalTime[]> between = c.has("start_time") ? Optional.of(new LocalTime[] {
                    time(c.get("start_time").asText()), time(c.path("end_time").asText())}) : Optional.empty();
                periods.add(new Period(rates(p.path("prices")), from, between));
            }
        } else {
            periods.add(new Period(rates(prices), Optional.empty(), Optional.empty()));
        }
        if (periods.isEmpty()) {
            throw new IllegalArgumentException("a row with no prices");
        }
        return new DatedPrices(periods);
    }

    static Map<String, Rate> rates(JsonNode prices) {
        Map<String, Rate> rates = new LinkedHashMap<>();
        prices.fields().forEachRemaining(e -> rates.put(e.getKey(), Rate.of(e.getValue())));
        return rates;
    }

    /** {@code 00:30:00Z} or {@code 00:30Z}: a time of the UTC day. */
    private static LocalTime time(String text) {
        return LocalTime.parse(text.endsWith("Z") ? text.substring(0, text.length() - 1) : text);
    }
}
