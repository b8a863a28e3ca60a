package dev.tracedeck.desktop.workspace;

import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.desktop.settings.SettingsStore;
import dev.tracedeck.workspace.WorkspaceAddress;
import dev.tracedeck.workspace.WorkspaceException;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * File ▸ Workspace…: which workspace the window works on, typed as the commands take it — an SQLite file's path, or
 * {@code postgresql://host[:port]/database} for one shared on a server — and read by the workspace module's own
 * {@link WorkspaceAddress#parse}, so a URL carrying a password is refused here as there, without repeating it. Opening
 * runs in the background ({@link WorkspaceLink#switchTo}); while it does, {@link #busyProperty()} is true; when it
 * fails, {@link #errorProperty()} holds the one line that says why and the window stays on its workspace. The
 * workspace opened is remembered in the settings ({@link #SETTING}) for the next start.
 */
public final class WorkspaceChoice {

    /** The settings key of the workspace chosen last. */
    public static final String SETTING = "workspace.location";

    private final WorkspaceLink link;
    private final SettingsStore settings;
    private final StringProperty location = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper current = new ReadOnlyStringWrapper();

    public WorkspaceChoice(WorkspaceLink link, SettingsStore settings) {
        this.link = link;
        this.settings = settings;
        current.bind(link.addressProperty().asString());
        location.set(link.address().toString());
        location.addListener((obs, old, now) -> error.set(""));
    }

    /** The workspace remembered from the last choice, when there is one and it still reads as an address. */
    public static Optional<WorkspaceAddress> remembered(SettingsStore settings) {
        Optional<String> saved = settings.get(SETTING).filter(s -> !s.isBlank());
        if (saved.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(WorkspaceAddress.parse(saved.get()));
        } catch (WorkspaceException e) {
            return Optional.empty();
        }
    }

    /** What is typed: a path or a URL. */
    public StringProperty locationProperty() {
        return location;
    }

    /** The workspace the window works on now, as messages name it. */
    public ReadOnlyStringProperty currentProperty() {
        return current.getReadOnlyProperty();
    }

    /** True while the workspace typed is being opened. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Why the last try failed, in one line; empty when it did not (or the text changed since). */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /**
     * Opens the workspace typed and switches the window to it; {@code onOpened} runs once it is the window's. Nothing
     * is tried while a try is under way, nor for an empty text.
     */
    public void open(Runnable onOpened) {
        String typed = location.get().strip();
        if (busy.get() || typed.isEmpty()) {
            return;
        }
        WorkspaceAddress address;
        try {
            address = WorkspaceAddress.parse(typed);
        } catch (WorkspaceException e) {
            error.set(e.getMessage());
            return;
        }
        error.set("");
        busy.set(true);
        link.switchTo(address, () -> {
            busy.set(false);
            // The address as it reads back: a URL without a password, a file as given.
            settings.put(SETTING, address.toString());
            settings.save();
            onOpened.run();
        }, why -> {
            busy.set(false);
            error.set(why);
        });
    }
}
