package dev.tracedeck.desktop.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSettingsStoreTest {

    @TempDir
    Path dir;

    @Test
    void whatIsSavedIsReadBackByTheNextStart() {
        Path file = dir.resolve("tracedeck").resolve("settings.properties");
        FileSettingsStore first = new FileSettingsStore(file);
        assertEquals(Optional.empty(), first.get("theme"), "a first run remembers nothing");
        first.put("theme", "light");
        first.put("window.width", "1234.5");

        first.save();

        FileSettingsStore next = new FileSettingsStore(file);
        assertEquals(Optional.of("light"), next.get("theme"));
        assertEquals(Optional.of("1234.5"), next.get("window.width"));
        assertTrue(Files.notExists(file.resolveSibling("settings.properties.tmp")), "no temporary file left behind");
    }

    @Test
    void anUnreadableFileIsAFreshStartNotAFailure() throws Exception {
        Path file = dir.resolve("settings.properties");
        Files.writeString(file, "theme=\\u00zz broken escape");

        assertEquals(Optional.empty(), new FileSettingsStore(file).get("theme"));
    }

    @Test
    void livesInThePlatformsConfigDirectory() {
        Path home = Path.of("/home/ana");
        assertEquals(Path.of("/home/ana/.config/tracedeck/settings.properties"),
                FileSettingsStore.userFile(Map.of(), "Linux", home));
        assertEquals(Path.of("/xdg/tracedeck/settings.properties"),
                FileSettingsStore.userFile(Map.of("XDG_CONFIG_HOME", "/xdg"), "Linux", home));
        assertEquals(Path.of("/home/ana/Library/Application Support/Tracedeck/settings.properties"),
                FileSettingsStore.userFile(Map.of(), "Mac OS X", home));
        assertEquals(Path.of("/appdata/Tracedeck/settings.properties"),
                FileSettingsStore.userFile(Map.of("APPDATA", "/appdata"), "Windows 11", home));
    }
}
