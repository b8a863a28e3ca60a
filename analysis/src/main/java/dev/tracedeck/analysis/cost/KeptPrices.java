package dev.tracedeck.analysis.cost;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The prices a check weighs calls with, where no one asked for a table: those the user kept in the price folder (a
 * stored table, its overrides) over the bundled one, as {@code tracedeck cost} reads them, so that a rule's dollars,
 * validate's cost line and the ledger agree. Read once per price folder, on first use (the tables are megabytes of
 * JSON; most checks never price anything). A kept table that can't be read leaves the bundled one: a check is no
 * place to refuse a price table, and {@code tracedeck prices} says what is wrong with it.
 */
public final class KeptPrices {

    private static Prices prices;
    private static Path readFrom;

    private KeptPrices() {
    }

    public static synchronized Prices get() {
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
