package dev.tracedeck.desktop.settings;

import java.util.Optional;

/**
 * Where the app remembers small things across restarts (theme, window size, pane dividers), as string keys
 * and values. Injected, so tests and screenshot runs use {@link MemorySettingsStore} and never touch the
 * user's own settings.
 */
public interface SettingsStore {

    Optional<String> get(String key);

    void put(String key, String value);

    /** Makes what was put durable; a store that cannot write says so once and keeps going. */
    void save();
}
