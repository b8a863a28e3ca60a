package dev.tracedeck.desktop.common;

/**
 * Lets a progress report through only when it moved by at least a thousandth, so an importer that reports
 * after every buffer does not flood the UI thread. Used from one worker thread at a time.
 */
final class ProgressThrottle {

    private static final int STEPS = 1000;

    private long lastStep = Long.MIN_VALUE;

    /** The fraction to report, or NaN when the change is too small to be worth a UI update. */
    double next(long done, long total) {
        long step = total > 0 ? Math.min(STEPS, done * STEPS / total) : -1;
        if (step == lastStep) {
            return Double.NaN;
        }
        lastStep = step;
        return step < 0 ? -1 : (double) step / STEPS;
    }
}
