package dev.tracedeck.desktop.common;

import java.util.concurrent.Executor;

/**
 * The one way the app runs work off the FX thread. Implementations run {@link BackgroundJob#work} elsewhere
 * and call the job's callbacks on the thread that owns the view-models (the FX thread in the app, the
 * calling thread in tests), so view-models never need to know about threads.
 */
public interface TaskRunner {

    TaskHandle submit(BackgroundJob<?> job);

    /**
     * Where this runner calls back: running work that hands partial results to the view-models (the first rows of a
     * file still being read) posts them here, so they arrive in order with the job's own callbacks.
     */
    default Executor callbacks() {
        return Runnable::run;
    }

    /**
     * Where a running job hands work that runs beside it (the threads of a file checked while the file is read): a
     * pool of half the cores in the app; the calling thread here, so that tests see everything happen in order.
     */
    default Executor beside() {
        return Runnable::run;
    }
}
