package dev.tracedeck.analysis.rules.cost;

import dev.tracedeck.analysis.cost.Prices;

/**
 * The prices the cost rules weigh calls with: the tables bundled with Tracedeck, read once, on first use (the
 * table is a few megabytes of JSON; most checks never price anything).
 */
final class RulePrices {

    private static volatile Prices prices;

    private RulePrices() {
    }

    static Prices get() {
        Prices p = prices;
        if (p == null) {
            synchronized (RulePrices.class) {
                if (prices == null) {
                    prices = Prices.bundled();
                }
                p = prices;
            }
        }
        return p;
    }
}
