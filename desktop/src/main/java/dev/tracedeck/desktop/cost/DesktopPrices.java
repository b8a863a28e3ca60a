package dev.tracedeck.desktop.cost;

import dev.tracedeck.analysis.cost.PriceFiles;
import dev.tracedeck.analysis.cost.Prices;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The prices the window bills calls with, as {@code tracedeck cost} reads them: the tables of the user's price folder
 * (and its overrides) over the bundled ones. Read once, off the FX thread, on first use (a few megabytes of JSON); a
 * stored table that can't be read leaves the bundled one, and says so, since a view is no place to refuse a table.
 */
public final class DesktopPrices {

    /** The tables, and why the user's could not be read, if they could not. */
    public record Loaded(Prices prices, Optional<String> problem) {
    }

    private static volatile Loaded loaded;

    private DesktopPrices() {
    }

    public static Loaded get() {
        Loaded l = loaded;
        if (l == null) {
            synchronized (DesktopPrices.class) {
                if (loaded == null) {
                    loaded = load();
                }
                l = loaded;
            }
        }
        return l;
    }

    private static Loaded load() {
        try {
            return new Loaded(Prices.load(Optional.of(PriceFiles.dir()), Optional.empty()), Optional.empty());
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return new Loaded(Prices.bundled(), Optional.of("the price folder's table can't be read (" + e.getMessage()
                    + "): the bundled prices are used"));
        }
    }
}
