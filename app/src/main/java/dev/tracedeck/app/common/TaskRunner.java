package dev.tracedeck.app.common;

/**
 * The one way the app runs work off the FX thread. Implementations run {@link BackgroundJob#work} elsewhere
 * and call the job's callbacks on the thread that owns the view-models (the FX thread in the app, the
 * calling thread in tests), so view-models never need to know about threads.
 */
public interface TaskRunner {

    TaskHandle submit(BackgroundJob<?> job);
}
