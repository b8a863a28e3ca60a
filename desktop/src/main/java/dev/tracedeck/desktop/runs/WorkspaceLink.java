package dev.tracedeck.desktop.runs;

import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.TaskHandle;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.workspace.WorkspaceAddress;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The window's way to the workspace store ({@link WorkspaceStore}: an SQLite file, or a database shared on a PostgreSQL
 * server): every read and write runs as a job on {@code runner} (one worker thread in the app, so the store's
 * connection stays on one thread; the calling thread in tests), never on the FX thread. The store opens on first use;
 * a failure becomes one notice naming the file or server, and the window carries on without it. The window can
 * switch to another workspace ({@link #switchTo}): the new one is opened first, and only once it is open does it
 * take the old one's place.
 */
public final class WorkspaceLink implements AutoCloseable {

    /** Work on the open store, run on the runner's thread. */
    @FunctionalInterface
    public interface StoreWork<T> {
        T run(WorkspaceStore store) throws WorkspaceException;
    }

    private final Clock clock;
    private final TaskRunner runner;
    private final NoticesViewModel notices;
    /** Where the store is, read and changed on the runner's thread (under this object's lock). */
    private WorkspaceAddress opening;
    private WorkspaceStore store;
    /** The workspace the window works on, on the FX thread. */
    private final ReadOnlyObjectWrapper<WorkspaceAddress> address = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyIntegerWrapper switches = new ReadOnlyIntegerWrapper();

    public WorkspaceLink(WorkspaceAddress address, Clock clock, TaskRunner runner, NoticesViewModel notices) {
        this.opening = address;
        this.address.set(address);
        this.clock = clock;
        this.runner = runner;
        this.notices = notices;
    }

    public WorkspaceLink(Path file, Clock clock, TaskRunner runner, NoticesViewModel notices) {
        this(WorkspaceAddress.file(file), clock, runner, notices);
    }

    /** The workspace the window works on: its file, or its server's URL (which holds no password). */
    public ReadOnlyObjectProperty<WorkspaceAddress> addressProperty() {
        return address.getReadOnlyProperty();
    }

    public WorkspaceAddress address() {
        return address.get();
    }

    /** Goes up once each time the window switches to another workspace: what was read from the old one is stale. */
    public ReadOnlyIntegerProperty switchesProperty() {
        return switches.getReadOnlyProperty();
    }

    /**
     * Opens the workspace at {@code next} in the background and, once it is open, works on it instead: the old store
     * is closed, {@link #switchesProperty()} goes up and {@code onSwitched} runs (on the FX thread). When it can't be
     * opened (no server at the address, refused credentials, not a workspace), nothing changes and {@code onFailure}
     * gets the one line that says why.
     */
    public TaskHandle switchTo(WorkspaceAddress next, Runnable onSwitched, Consumer<String> onFailure) {
        return runner.submit(BackgroundJob.of("open the workspace " + next, context -> {
            WorkspaceStore opened = WorkspaceStore.open(next, clock);
            replace(next, opened);
            return next;
        }).onSuccess(now -> {
            address.set(now);
            switches.set(switches.get() + 1);
            onSwitched.run();
        }).onFailure(error -> onFailure.accept(error instanceof WorkspaceException ? error.getMessage() : next + ": " + error)));
    }

    private synchronized void replace(WorkspaceAddress next, WorkspaceStore opened) {
        close();
        opening = next;
        store = opened;
    }

    /** The runner the store's work runs on, for a {@link dev.tracedeck.desktop.common.LatestOnly} of store queries. */
    public TaskRunner runner() {
        return runner;
    }

    /** Runs {@code work} in the background; {@code onResult} on the FX thread; a failure becomes a notice. */
    public <T> TaskHandle submit(String what, StoreWork<T> work, Consumer<? super T> onResult) {
        return runner.submit(BackgroundJob.of(what, job(work)).onSuccess(onResult).onFailure(this::failed));
    }

    /** {@code work} as a background job's work, for a runner of the caller's choosing (the same thread, please). */
    public <T> BackgroundJob.Work<T> job(StoreWork<T> work) {
        return context -> call(work);
    }

    /** Says what went wrong with the workspace in one line. */
    public void failed(Throwable error) {
        String message = error instanceof WorkspaceException ? error.getMessage() : address.get() + ": " + error;
        notices.post(Notice.error("Workspace: " + message));
    }

    private synchronized <T> T call(StoreWork<T> work) throws WorkspaceException {
        if (store == null) {
            store = WorkspaceStore.open(opening, clock);
        }
        return work.run(store);
    }

    @Override
    public synchronized void close() {
        if (store != null) {
            try {
                store.close();
            } catch (WorkspaceException e) {
                System.getLogger(WorkspaceLink.class.getName()).log(System.Logger.Level.WARNING, e.getMessage());
            }
            store = null;
        }
    }
}
