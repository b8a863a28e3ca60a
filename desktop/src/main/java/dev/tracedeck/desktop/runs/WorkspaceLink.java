package dev.tracedeck.desktop.runs;

import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.TaskHandle;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Consumer;

/**
 * The window's way to the workspace store ({@link WorkspaceStore}, one SQLite file): every read and write runs as
 * a job on {@code runner} (one worker thread in the app, so the store's single connection stays on one thread;
 * the calling thread in tests), never on the FX thread. The store opens on first use; a failure becomes one
 * notice naming the file, and the window carries on without it.
 */
public final class WorkspaceLink implements AutoCloseable {

    /** Work on the open store, run on the runner's thread. */
    @FunctionalInterface
    public interface StoreWork<T> {
        T run(WorkspaceStore store) throws WorkspaceException;
    }

    private final Path file;
    private final Clock clock;
    private final TaskRunner runner;
    private final NoticesViewModel notices;
    private WorkspaceStore store;

    public WorkspaceLink(Path file, Clock clock, TaskRunner runner, NoticesViewModel notices) {
        this.file = file;
        this.clock = clock;
        this.runner = runner;
        this.notices = notices;
    }

    public Path file() {
        return file;
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
        String message = error instanceof WorkspaceException ? error.getMessage() : file + ": " + error;
        notices.post(Notice.error("Workspace: " + message));
    }

    private synchronized <T> T call(StoreWork<T> work) throws WorkspaceException {
        if (store == null) {
            store = WorkspaceStore.open(file, clock);
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
