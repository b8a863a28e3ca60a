package dev.tracedeck.desktop.window;

import dev.tracedeck.desktop.settings.SettingsStore;
import dev.tracedeck.desktop.tabs.PaneLayout;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What the window remembers across restarts: the theme, where it was and how big (its size when not
 * maximized, so un-maximizing after a restart goes back there), whether it was maximized, the pane dividers and
 * whether the findings panel was shown. A value the store lacks or cannot parse is the default, so a damaged
 * file costs a layout, not a start.
 *
 * @param bounds the window's last normal (not maximized) bounds; empty for the default size, centred
 */
record WindowSettings(Theme theme, Optional<Bounds> bounds, boolean maximized, PaneLayout panes, boolean findingsShown) {

    static final WindowSettings DEFAULT = new WindowSettings(Theme.DARK, Optional.empty(), false, PaneLayout.DEFAULT, true);

    /** A window's position and outer size, in screen coordinates. */
    record Bounds(double x, double y, double width, double height) {
    }

    WindowSettings {
        Objects.requireNonNull(theme);
        Objects.requireNonNull(bounds);
        Objects.requireNonNull(panes);
    }

    static WindowSettings load(SettingsStore store) {
        Theme theme = store.get("theme").flatMap(WindowSettings::theme).orElse(DEFAULT.theme());
        Optional<Bounds> bounds = number(store, "window.x").flatMap(x -> number(store, "window.y")
                .flatMap(y -> number(store, "window.width").filter(w -> w > 0)
                        .flatMap(w -> number(store, "window.height").filter(h -> h > 0)
                                .map(h -> new Bounds(x, y, w, h)))));
        boolean maximized = store.get("window.maximized").map(Boolean::parseBoolean).orElse(false);
        PaneLayout panes = new PaneLayout(
                number(store, "pane.threads").orElse(PaneLayout.DEFAULT.threads()),
                number(store, "pane.detail").orElse(PaneLayout.DEFAULT.detail()),
                number(store, "pane.findings").orElse(PaneLayout.DEFAULT.findings()));
        boolean findingsShown = store.get("findings.shown").map(Boolean::parseBoolean).orElse(true);
        return new WindowSettings(theme, bounds, maximized, panes, findingsShown);
    }

    /** Puts every value and saves the store. */
    void save(SettingsStore store) {
        store.put("theme", theme.name().toLowerCase(Locale.ROOT));
        bounds.ifPresent(b -> {
            store.put("window.x", Double.toString(b.x()));
            store.put("window.y", Double.toString(b.y()));
            store.put("window.width", Double.toString(b.width()));
            store.put("window.height", Double.toString(b.height()));
        });
        store.put("window.maximized", Boolean.toString(maximized));
        store.put("pane.threads", Double.toString(panes.threads()));
        store.put("pane.detail", Double.toString(panes.detail()));
        store.put("pane.findings", Double.toString(panes.findings()));
        store.put("findings.shown", Boolean.toString(findingsShown));
        store.save();
    }

    private static Optional<Theme> theme(String name) {
        for (Theme theme : Theme.values()) {
            if (theme.name().equalsIgnoreCase(name.strip())) {
                return Optional.of(theme);
            }
        }
        return Optional.empty();
    }

    private static Optional<Double> number(SettingsStore store, String key) {
        try {
            return store.get(key).map(v -> Double.parseDouble(v.strip())).filter(Double::isFinite);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
