package dev.tracedeck.desktop.window;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Says, before JavaFX tries and dies with a stack trace, why this machine can't show a window: no display to
 * draw on, or no GTK library for JavaFX to draw with. Only Linux is checked; elsewhere the system provides both.
 * No JavaFX class is touched here, so the check runs where JavaFX itself could not start.
 */
public final class DesktopCheck {

    static final String README_INSTALL = "sudo apt-get install libgtk-3-0 libgl1 libxtst6 libxxf86vm1";
    private static final String GTK = "libgtk-3.so.0";
    private static final Path LD_CACHE = Path.of("/etc/ld.so.cache");

    private DesktopCheck() {
    }

    /** Why no window can open here, in one line, or empty when nothing is known to be missing. */
    public static Optional<String> problem() {
        if ("monocle".equalsIgnoreCase(System.getProperty("glass.platform", ""))) {
            // Monocle's headless glass draws in memory: it needs neither a display nor GTK (tests, --screenshot in CI).
            return Optional.empty();
        }
        return problem(System.getProperty("os.name", ""), System.getenv(), DesktopCheck::libraryCache);
    }

    /** Reads the dynamic loader's cache, or empty where there is none (musl, NixOS: then we can't tell). */
    interface LibraryCache {
        Optional<String> contents();
    }

    static Optional<String> problem(String osName, Map<String, String> env, LibraryCache cache) {
        if (!osName.toLowerCase().contains("linux")) {
            return Optional.empty();
        }
        if (env.getOrDefault("DISPLAY", "").isBlank()) {
            return Optional.of("no display to open a window on (DISPLAY is not set). The commands validate, inspect and "
                    + "the others need none; to run the app without a screen use Xvfb: xvfb-run -a ./tracedeck "
                    + "(sudo apt-get install xvfb; see the README, Set up)");
        }
        boolean gtkInPath = false;
        for (String dir : env.getOrDefault("LD_LIBRARY_PATH", "").split(":")) {
            gtkInPath |= !dir.isBlank() && Files.exists(Path.of(dir, GTK));
        }
        Optional<String> known = cache.contents();
        if (!gtkInPath && known.isPresent() && !known.get().contains(GTK)) {
            return Optional.of("the GTK 3 library JavaFX draws with (" + GTK + ") is not installed. Install the desktop "
                    + "libraries with: " + README_INSTALL + " (see the README, Set up)");
        }
        return Optional.empty();
    }

    private static Optional<String> libraryCache() {
        try {
            // The cache is binary, but library names stand in it as plain ASCII.
            return Optional.of(new String(Files.readAllBytes(LD_CACHE), StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
