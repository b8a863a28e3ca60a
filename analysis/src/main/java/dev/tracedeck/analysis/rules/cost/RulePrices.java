package dev.tracedeck.analysis.rules.cost;

import dev.tracedeck.analysis.cost.PriceFiles;
import dev.tracedeck.analysis.cost.Prices;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The prices the cost rules weigh calls with: the same tables {@code tracedeck cost}, the window's Cost view and
 * validate's cost line use — those the user stored in the price folder, and its overrides, over the bundled table —
 * so that a budget finding and the ledger agree on what a call cost. Read once per price folder, on first use (the
 * tables are megabytes of JSON; most checks never price anything). A stored table that can't be read leaves the
 * bundled one: a check is no place to refuse a price table, and `tracedeck prices` says what is wrong with it.
 */
final class RulePrices {

    private static Prices prices;
    private static Path readFrom;

    private RulePrices() {
    }

    static synchronized Prices get() {
        Path dir = PriceFiles.dir();
        if (prices == null || !dir.equals(readFrom)) {
            readFrom = dir;
            try {
                prices = Prices.load(Optional.of(dir), Optional.empty());
            } catch (RuntimeException e) {
                prices = Prices.bundled();
            }
        }
        return prices;
    }
}
