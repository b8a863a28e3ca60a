package dev.tracedeck.desktop.common;

import java.util.function.Consumer;

/**
 * Runs queries where only the newest answer matters (render the event just selected): submitting a new one
 * cancels the previous, and a result that arrives after a newer submit is dropped even if it finished
 * before the cancel could reach it. Used on the UI thread only.
 */
public final class LatestOnly {

    private final TaskRunner runner;
    private TaskHandle current = TaskHandle.DONE;
    private long generation;

    public LatestOnly(TaskRunner runner) {
        this.runner = runner;
    }

    public <T> void submit(String name, BackgroundJob.Work<T> work, Consumer<? super T> onResult, Consumer<Throwable> onFailure) {
        current.cancel();
        long mine = ++generation;
        current = runner.submit(BackgroundJob.of(name, work)
                .onSuccess(result -> {
                    if (mine == generation) {
                        done();
                        onResult.accept(result);
                    }
                })
                .onFailure(error -> {
                    if (mine == generation) {
                        done();
                        onFailure.accept(error);
                    }
                }));
    }

    /**
     * Lets go of the query that ended: its handle holds the job, and the job what it read (a timeline search holds
     * the rows it searched, which the rows of the whole file replace once it is read).
     */
    private void done() {
        current = TaskHandle.DONE;
    }

    /** Drops whatever is running; its result will not be delivered. */
    public void cancel() {
        generation++;
        current.cancel();
        current = TaskHandle.DONE;
    }
}
