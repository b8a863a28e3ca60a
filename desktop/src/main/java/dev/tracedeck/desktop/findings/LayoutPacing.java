package dev.tracedeck.desktop.findings;

import java.util.function.LongSupplier;

/**
 * When the findings panel lays out again the rows of the threads checked so far, while a big trace is checked. Each
 * layout covers every thread checked, so doing one per batch would take the window's thread from the checks on a
 * two-core machine, where they share a core. The first batch is laid out at once; after
 * that, findings are shown as soon as the last layout has had ten times its own time, and a run of clean threads,
 * which only moves the summary's count, waits at least a second. Whatever is held back shows with a later batch, or
 * with the whole verdict.
 */
final class LayoutPacing {

    static final long CLEAN_PAUSE_NANOS = 1_000_000_000L;

    private final LongSupplier clock;
    private boolean laidOutOnce;
    private boolean findingsHeld;
    private long last;
    private long took;

    /** @param clock nanoseconds, as {@link System#nanoTime()} */
    LayoutPacing(LongSupplier clock) {
        this.clock = clock;
    }

    /** Whether the batch that just came, which {@code found} something or not, is to be laid out now. */
    boolean due(boolean found) {
        findingsHeld |= found;
        if (!laidOutOnce) {
            return true;
        }
        long since = clock.getAsLong() - last;
        return since >= 10 * took && (findingsHeld || since >= CLEAN_PAUSE_NANOS);
    }

    /** Runs the layout, timing it. */
    void laidOut(Runnable layout) {
        long start = clock.getAsLong();
        layout.run();
        last = clock.getAsLong();
        took = last - start;
        laidOutOnce = true;
        findingsHeld = false;
    }
}
