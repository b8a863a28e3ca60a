package dev.tracedeck.desktop.window;

import dev.tracedeck.desktop.tabs.ReadAhead;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.application.Application;

/**
 * Starts the desktop window. A plain class on purpose: with JavaFX on the class path (not the module path)
 * the JVM's main class must not extend {@link Application}, so the command line calls this instead.
 */
public final class DesktopLauncher {

    /** The exit status the window leaves: 0, or 2 when a screenshot run could not open one of its files. */
    private static final AtomicInteger EXIT_STATUS = new AtomicInteger();
    /** The first file's reading, started before JavaFX for the window to take over (see {@link ReadAhead}). */
    private static volatile Optional<ReadAhead> readAhead = Optional.empty();

    private DesktopLauncher() {
    }

    /**
     * Opens the window, imports {@code files} in the background and returns when the window closes.
     *
     * @param files      files to open, one tab each, the first selected
     * @param screenshot when present: once every import has finished and the first file is checked, with its
     *                   first finding selected (a clean file: a representative event), writes the window as a PNG
     *                   to this path and exits
     * @param config     the rule configuration to check with; the defaults when empty
     * @return the process's exit status: 0, or 2 when no window can open here (said on standard error in one
     *         line) or a screenshot run could not open one of its files
     */
    public static int launch(List<Path> files, Optional<Path> screenshot, Optional<Path> config) {
        return launch(files, screenshot, config, Optional.empty());
    }

    /** @param format the format to read every file as ({@code --format}); detected per file when empty */
    public static int launch(List<Path> files, Optional<Path> screenshot, Optional<Path> config, Optional<String> format) {
        return launch(new LaunchOptions(files, screenshot, config, format));
    }

    public static int launch(LaunchOptions options) {
        Optional<String> problem = DesktopCheck.problem();
        if (problem.isPresent()) {
            System.err.println("tracedeck: cannot open the window: " + problem.get());
            return 2;
        }
        // The toolkit and the window take about half a second: the file shown first is read meanwhile.
        readAhead = options.files().stream().findFirst()
                .map(file -> ReadAhead.start(TracedeckApplication.importers(options), file));
        Optional<Throwable> failure;
        if (ToolkitHeadStart.begun()) {
            try {
                failure = ToolkitHeadStart.openAndWait(options);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 2;
            }
        } else {
            try {
                Application.launch(TracedeckApplication.class, options.toArgs().toArray(String[]::new));
                failure = Optional.empty();
            } catch (RuntimeException | LinkageError e) {
                failure = Optional.of(e);
            }
        }
        if (failure.isPresent()) {
            System.err.println("tracedeck: cannot open the window: " + rootMessage(failure.get()) + " (see the README, "
                    + "Set up: " + DesktopCheck.README_INSTALL + ")");
            return 2;
        }
        return EXIT_STATUS.get();
    }

    /**
     * Starts JavaFX's toolkit now, while the command line that will open the window is parsed ({@link ToolkitHeadStart});
     * {@link #launch} then hands the window its options. For a command line that can only open the window.
     */
    public static void startToolkitAhead() {
        ToolkitHeadStart.begin();
    }

    /** The first file's reading when it began before the window; empty once taken (a window opens it once). */
    static Optional<ReadAhead> takeReadAhead() {
        Optional<ReadAhead> taken = readAhead;
        readAhead = Optional.empty();
        return taken;
    }

    /** Called by the window when a screenshot run ends with a file it could not open. */
    static void failScreenshotRun() {
        EXIT_STATUS.set(2);
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
