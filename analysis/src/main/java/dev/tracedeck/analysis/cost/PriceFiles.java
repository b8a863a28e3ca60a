package dev.tracedeck.analysis.cost;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The user's price folder: {@code $XDG_CONFIG_HOME/tracedeck/prices} (else {@code ~/.config/…}) on Linux,
 * {@code ~/Library/Application Support/Tracedeck/prices} on macOS, {@code %APPDATA%\Tracedeck\prices} on Windows.
 * It holds the tables {@code tracedeck prices update} stored, each beside a note of where it came from, and the
 * user's {@code overrides.json}.
 */
public final class PriceFiles {

    static final String GENAI = "genai-prices.json";
    static final String LITELLM = "litellm.json";
    static final String OVERRIDES = "overrides.json";

    private PriceFiles() {
    }

    public static Path userDir(Map<String, String> env, String osName, Path home) {
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
        return dir.resolve("prices");
    }

    public static Path userDir() {
        return userDir(System.getenv(), System.getProperty("os.name", ""), Path.of(System.getProperty("user.home", ".")));
    }

    /** The system property that moves the price folder (tests, a shared machine's own folder). */
    public static final String DIR_PROPERTY = "tracedeck.prices.dir";

    /** The price folder the commands and the window read: {@link #DIR_PROPERTY} when set, else {@link #userDir()}. */
    public static Path dir() {
        String moved = System.getProperty(DIR_PROPERTY, "");
        return moved.isBlank() ? userDir() : Path.of(moved);
    }

    /**
     * Stores {@code table} (checked first) in {@code dir} as the table of its kind, with a note of its origin, its
     * SHA-256 and the day it was stored. Returns what it stored, for the user.
     */
    public static String store(Path table, Path dir) throws IOException {
        String kind = Prices.kindOf(table);
        Files.createDirectories(dir);
        Path target = dir.resolve(kind.equals("genai-prices") ? GENAI : LITELLM);
        Path temp = Files.createTempFile(dir, ".prices", ".json");
        Files.copy(table, temp, StandardCopyOption.REPLACE_EXISTING);
        Properties note = new Properties();
        note.setProperty("from", table.toAbsolutePath().toString());
        note.setProperty("sha256", sha256(temp));
        note.setProperty("stored", LocalDate.ofInstant(Instant.now(), ZoneOffset.UTC).toString());
        try (var out = Files.newOutputStream(noteOf(target))) {
            note.store(out, "the price table tracedeck prices update stored");
        }
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return kind + " table " + table + " (sha256 " + note.getProperty("sha256").substring(0, 12) + "…) stored as " + target;
    }

    /** Removes the stored tables, so that the bundled one applies again. */
    public static boolean reset(Path dir) throws IOException {
        boolean any = false;
        for (String name : new String[] {GENAI, LITELLM}) {
            Path p = dir.resolve(name);
            any |= Files.deleteIfExists(p);
            Files.deleteIfExists(noteOf(p));
        }
        return any;
    }

    /** A stored table's name as reports show it: its kind, the day it was stored and its hash. */
    static String describe(Path table, String kind) {
        Properties note = new Properties();
        try (var in = Files.newInputStream(noteOf(table))) {
            note.load(in);
        } catch (IOException e) {
            return kind + " (stored, no note)";
        }
        return kind + " stored " + note.getProperty("stored", "?") + " sha256 "
                + note.getProperty("sha256", "?").substring(0, Math.min(12, note.getProperty("sha256", "?").length()));
    }

    private static Path noteOf(Path table) {
        return table.resolveSibling(table.getFileName() + ".properties");
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
