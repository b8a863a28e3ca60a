package dev.tracedeck.analysis.cost;

import dev.tracedeck.model.recorded.BilledUsage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Prices one call's bill with a row, as genai-prices does: each count of the bill is the total of its kind, so the
 * row's priced kinds are cut into buckets from the finest up — a bucket is its count less its finer priced buckets
 * (cache writes of an hour out of all cache writes, all cache traffic out of the input, reasoning out of the output
 * where the row prices reasoning apart) — and each bucket pays its own rate, the tier the call's whole input reached.
 */
final class CallPricing {

    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    /** What a call cost, bucket by bucket, with the set of prices that applied and what was off about the bill. */
    record Priced(List<CostLine> lines, long microdollars, String period, List<String> notes) {
    }

    private CallPricing() {
    }

    /** The bill's counts by genai-prices usage key. */
    static Map<String, Long> usage(BilledUsage bill) {
        Map<String, Long> u = new HashMap<>();
        u.put("input_tokens", bill.input());
        u.put("cache_read_tokens", bill.cacheRead());
        u.put("cache_write_tokens", bill.cacheWrite());
        u.put("cache_write_5m_tokens", bill.cacheWrite5m());
        u.put("cache_write_1h_tokens", bill.cacheWrite1h());
        u.put("output_tokens", bill.output());
        u.put("output_reasoning_tokens", bill.reasoning());
        u.put("input_audio_tokens", bill.inputAudio());
        u.put("output_audio_tokens", bill.outputAudio());
        // genai-prices bills a per-request price once per usage record: one response.
        u.put("requests", 1L);
        return u;
    }

    static Priced price(BilledUsage bill, PriceRow row, PriceUnits units, Optional<Instant> at, Instant now) {
        DatedPrices.Period period = row.prices().at(at, now);
        Map<String, Long> usage = usage(bill);
        List<PriceUnits.Unit> priced = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (String key : period.rates().keySet()) {
            units.forPriceKey(key).ifPresentOrElse(priced::add,
                    () -> notes.add("price key " + key + " is not one this table's units define: not priced"));
        }
        // Finest first, so that each bucket subtracts finer buckets already cut.
        priced.sort(Comparator.comparingInt((PriceUnits.Unit u) -> -u.dimensions().size()).thenComparing(PriceUnits.Unit::usageKey));
        Map<String, Long> leaves = new HashMap<>();
        for (PriceUnits.Unit unit : priced) {
            long finer = 0;
            for (PriceUnits.Unit other : priced) {
                if (unit.holds(other)) {
                    finer += leaves.get(other.usageKey());
                }
            }
            long leaf = usage.getOrDefault(unit.usageKey(), 0L) - finer;
            if (leaf < 0) {
                notes.add("the bill's finer counts exceed its " + unit.usageKey() + ": that bucket counted as 0");
                leaf = 0;
            }
            leaves.put(unit.usageKey(), leaf);
        }
        List<CostLine> lines = new ArrayList<>();
        long total = 0;
        for (Map.Entry<String, Rate> e : period.rates().entrySet()) {
            Optional<PriceUnits.Unit> unit = units.forPriceKey(e.getKey());
            if (unit.isEmpty()) {
                continue;
            }
            long count = leaves.get(unit.get().usageKey());
            if (count == 0) {
                continue;
            }
            BigDecimal rate = e.getValue().at(bill.input());
            long micro = microdollars(count, rate, unit.get().per());
            lines.add(new CostLine(e.getKey(), count, rate, unit.get().per(), micro));
            total += micro;
        }
        String when = period.constraint();
        if (row.prices().dated() && at.isEmpty()) {
            when = (when.isEmpty() ? "" : when + "; ") + "the call's time is not recorded: the prices in force now";
        }
        return new Priced(lines, total, when, notes);
    }

    /** {@code count × rate / per} dollars in millionths, rounded half-even once, per bucket. */
    static long microdollars(long count, BigDecimal rate, long per) {
        return BigDecimal.valueOf(count).multiply(rate).multiply(MILLION)
                .divide(BigDecimal.valueOf(per), 0, RoundingMode.HALF_EVEN).longValueExact();
    }
}
