package dev.tracedeck.desktop.settings;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Settings in a properties file in the platform's config directory ({@link #userFile}): plain text a user
 * can read or delete. Read once when made; written whole on {@link #save}, through a temporary file moved into
 * place, so a crash mid-write leaves the old file. A file that cannot be read or written costs the user their
 * remembered layout, never the app: one line on stderr.
 */
public final class FileSettingsStore implements SettingsStore {

    private final Path file;
    private final Properties values = new Properties();

    public FileSettingsStore(Path file) {
        this.file = file;
        try (InputStream in = Files.newInputStream(file)) {
            values.load(in);
        } catch (NoSuchFileException e) {
            // First run: nothing remembered yet.
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("tracedeck: ignoring unreadable settings " + file + ": " + e.getMessage());
            values.clear();
        }
    }

    /**
     * {@code $XDG_CONFIG_HOME/tracedeck/settings.properties} (else {@code ~/.config/…}) on Linux,
     * {@code ~/Library/Application Support/Tracedeck/…} on macOS, {@code %APPDATA%\Tracedeck\…} on Windows.
     */
    public static Path userFile(Map<String, String> env, String osName, Path home) {
        String os = osName.toLowerCase(Locale.ROOT);
        Path dir;
        if (os.contains("win")) {
            String appData = env.get("APPDATA");
            dir = (appData == null || appData.isBlank() ? home.resolve("AppData").resolve("Roaming") : Path.of(appData)).resolve("Tracedeck");
        } else if (os.contains("mac")) {
            dir = home.resolve("Library").resolve("Application Support").resolve("Tracedeck");
        } else {
            String xdg = env.get("XDG_CONFIG_HOME");
            dir = (xdg == null || xdg.isBlank() ? home.resolve(".config") : Path.of(xdg)).resolve("tracedeck");
        }
        return dir.resolve("settings.properties");
    }

    public static FileSettingsStore forUser() {
        return new FileSettingsStore(userFile(System.getenv(), System.getProperty("os.name", ""),
                Path.of(System.getProperty("user.home", "."))));
    }

    @Override
    public Optional<String> get(String key) {
        return Optional.ofNullable(values.getProperty(key));
    }

    @Override
    public void put(String key, String value) {
        values.setProperty(key, value);
    }

    @Override
    public void save() {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temp = file.resolveSibling(file.getFileName() + ".tmp");
            try (OutputStream out = Files.newOutputStream(temp)) {
                values.store(out, "Tracedeck: window and layout, remembered across restarts");
            }
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            System.err.println("tracedeck: cannot save settings to " + file + ": " + e.getMessage());
        }
    }
}
