package dev.tracedeck.app.common;

/**
 * Runs each job at once on the calling thread, callbacks included: view-model tests get deterministic
 * results without a toolkit, threads or waiting.
 */
public final class SyncTaskRunner implements TaskRunner {

    @Override
    public TaskHandle submit(BackgroundJob<?> job) {
        ProgressThrottle throttle = new ProgressThrottle();
        TaskContext context = new TaskContext() {
            @Override
            public void progress(long done, long total) {
                double fraction = throttle.next(done, total);
                if (!Double.isNaN(fraction)) {
                    job.progressed(fraction);
                }
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
        Object result;
        try {
            result = job.run(context);
        } catch (Exception e) {
            job.failed(e);
            return TaskHandle.DONE;
        }
        job.succeeded(result);
        return TaskHandle.DONE;
    }
}
