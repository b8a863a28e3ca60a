package dev.tracedeck.desktop.settings;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Settings that last as long as the process: for tests and for {@code --screenshot}, whose picture must not depend on the user's. */
public final class MemorySettingsStore implements SettingsStore {

    private final Map<String, String> values = new HashMap<>();
    private int saves;

    @Override
    public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
    }

    @Override
    public void put(String key, String value) {
        values.put(key, value);
    }

    @Override
    public void save() {
        saves++;
    }

    /** How often {@link #save} was called, for tests. */
    public int saves() {
        return saves;
    }
}
