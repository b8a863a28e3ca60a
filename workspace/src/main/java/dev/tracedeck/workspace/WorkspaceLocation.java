package dev.tracedeck.workspace;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the workspace lives when none is named: one file in the user's data directory, by each platform's
 * convention. Linux and other Unixes: {@code $XDG_DATA_HOME/tracedeck/workspace.db}, else
 * {@code ~/.local/share/tracedeck/workspace.db}; macOS: {@code ~/Library/Application Support/Tracedeck/workspace.db};
 * Windows: {@code %APPDATA%\Tracedeck\workspace.db}. The system property {@value #PROPERTY} overrides all of
 * them (tests point it at a temporary directory so they never touch the user's).
 */
public final class WorkspaceLocation {

    /** System property naming the workspace file, ahead of the platform default. */
    public static final String PROPERTY = "tracedeck.workspace";
    public static final String FILE_NAME = "workspace.db";

    private WorkspaceLocation() {
    }

    /** The default for this process: the property, else the platform's data directory. */
    public static Path defaultFile() {
        String override = System.getProperty(PROPERTY);
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        return defaultFile(System.getProperty("os.name", ""), System.getProperty("user.home", "."), System.getenv());
    }

    /** The platform default for {@code osName}, {@code home} and the environment {@code env}. */
    public static Path defaultFile(String osName, String home, Map<String, String> env) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            String appData = env.get("APPDATA");
            Path base = appData != null && !appData.isBlank() ? Path.of(appData) : Path.of(home, "AppData", "Roaming");
            return base.resolve("Tracedeck").resolve(FILE_NAME);
        }
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return Path.of(home, "Library", "Application Support", "Tracedeck", FILE_NAME);
        }
        String xdg = env.get("XDG_DATA_HOME");
        // The XDG spec: a relative path is invalid and must be ignored.
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : Path.of(home, ".local", "share");
        return base.resolve("tracedeck").resolve(FILE_NAME);
    }
}
