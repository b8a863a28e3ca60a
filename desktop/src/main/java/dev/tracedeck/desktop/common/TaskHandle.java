package dev.tracedeck.desktop.common;

/** A submitted job, so the one who started it can stop it. */
@FunctionalInterface
public interface TaskHandle {

    TaskHandle DONE = () -> { };

    /** Asks the job to stop; its cancelled callback runs instead of success or failure. No-op once finished. */
    void cancel();
}
