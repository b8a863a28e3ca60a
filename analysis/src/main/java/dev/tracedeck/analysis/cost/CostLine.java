package dev.tracedeck.analysis.cost;

import java.math.BigDecimal;

/**
 * One priced bucket of a call: its units (tokens) at its rate, in micro-dollars.
 *
 * @param priceKey     the table's price key ({@code cache_write_1h_mtok})
 * @param units        the units in this bucket alone, its finer buckets taken out
 * @param rate         dollars per {@code per} units, the tier that applied
 * @param per          how many units the rate is for (a million tokens)
 * @param microdollars {@code units × rate / per} in millionths of a dollar, rounded half-even
 */
public record CostLine(String priceKey, long units, BigDecimal rate, long per, long microdollars) {
}
