package dev.tracedeck.app.desktop;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.application.Application;

/**
 * Starts the desktop window. A plain class on purpose: with JavaFX on the class path (not the module path)
 * the JVM's main class must not extend {@link Application}, so the command line calls this instead.
 */
public final class DesktopLauncher {

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
     */
    public static void launch(List<Path> files, Optional<Path> screenshot, Optional<Path> config) {
        List<String> args = new LaunchOptions(files, screenshot, config).toArgs();
        Application.launch(TracedeckApplication.class, args.toArray(String[]::new));
    }
}
