package dev.tracedeck.cli;

import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.engine.job.TraceJob;
import java.io.PrintStream;

/**
 * Shows how far an import, then its check, has got on a terminal's stderr, so a gigabyte log doesn't look like a hang.
 * Silent when stderr is not a terminal (CI logs, pipes), where the noise would outlive its use.
 */
public final class ConsoleProgress implements TraceJob.Progress {

    private final PrintStream err;
    private final String name;
    private final boolean enabled;
    private int shownPercent = -1;
    private boolean checkingShown;

    ConsoleProgress(PrintStream err, String name, boolean enabled) {
        this.err = err;
        this.name = TerminalText.line(name);
        this.enabled = enabled;
    }

    public static ConsoleProgress forTerminal(String name) {
        return new ConsoleProgress(System.err, name, System.console() != null);
    }

    @Override
    public synchronized void progress(long bytesRead, long totalBytes) {
        if (!enabled || totalBytes <= 0) {
            return;
        }
        int percent = (int) (100 * bytesRead / totalBytes);
        if (percent != shownPercent) {
            shownPercent = percent;
            err.print("\rReading " + name + " " + percent + "%");
            err.flush();
        }
    }

    /** How many of the trace's threads are checked; called from the threads that check them. */
    @Override
    public synchronized void checking(int checked, int threads) {
        if (!enabled || threads <= 0) {
            return;
        }
        int percent = 100 * checked / threads;
        if (percent != shownPercent || !checkingShown) {
            checkingShown = true;
            shownPercent = percent;
            err.print("\r\033[KChecking " + name + " " + percent + "% (" + checked + " of " + threads + " threads)");
            err.flush();
        }
    }

    public synchronized void done() {
        if (enabled && shownPercent >= 0) {
            err.print("\r\033[K");
            err.flush();
            shownPercent = -1;
            checkingShown = false;
        }
    }
}
