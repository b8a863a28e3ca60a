package dev.tracedeck.app.cli;

import dev.tracedeck.importers.ImportListener;
import java.io.PrintStream;

/**
 * Shows how far an import has got on a terminal's stderr, so a gigabyte log doesn't look like a hang.
 * Silent when stderr is not a terminal (CI logs, pipes), where the noise would outlive its use.
 */
final class ConsoleProgress implements ImportListener {

    private final PrintStream err;
    private final String name;
    private final boolean enabled;
    private int shownPercent = -1;

    ConsoleProgress(PrintStream err, String name, boolean enabled) {
        this.err = err;
        this.name = name;
        this.enabled = enabled;
    }

    static ConsoleProgress forTerminal(String name) {
        return new ConsoleProgress(System.err, name, System.console() != null);
    }

    @Override
    public void progress(long bytesRead, long totalBytes) {
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

    void done() {
        if (enabled && shownPercent >= 0) {
            err.print("\r\033[K");
            err.flush();
            shownPercent = -1;
        }
    }
}
