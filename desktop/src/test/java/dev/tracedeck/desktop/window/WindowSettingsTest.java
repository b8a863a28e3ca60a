package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.desktop.settings.MemorySettingsStore;
import dev.tracedeck.desktop.tabs.PaneLayout;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WindowSettingsTest {

    @Test
    void nothingRememberedIsTheDefaultLayout() {
        assertEquals(WindowSettings.DEFAULT, WindowSettings.load(new MemorySettingsStore()));
    }

    @Test
    void whatIsSavedLoadsBackTheSame() {
        MemorySettingsStore store = new MemorySettingsStore();
        WindowSettings settings = new WindowSettings(Theme.LIGHT, Optional.of(new WindowSettings.Bounds(10, 20, 1300, 800)),
                true, new PaneLayout(0.2, 0.45, 0.7), false);

        settings.save(store);

        assertEquals(settings, WindowSettings.load(store));
        assertEquals(1, store.saves());
    }

    @Test
    void valuesThatDoNotParseFallBackOneByOne() {
        MemorySettingsStore store = new MemorySettingsStore();
        store.put("theme", "solarized");
        store.put("window.x", "10");
        store.put("window.y", "NaN");
        store.put("window.width", "1300");
        store.put("window.height", "800");
        store.put("pane.detail", "seven");
        store.put("pane.threads", "0.25");
        store.put("pane.findings", "5");

        WindowSettings loaded = WindowSettings.load(store);

        assertEquals(Theme.DARK, loaded.theme());
        assertEquals(Optional.empty(), loaded.bounds(), "a window half placed is not placed");
        assertEquals(new PaneLayout(0.25, PaneLayout.DEFAULT.detail(), 0.98), loaded.panes(), "out of range is clamped");
    }
}
