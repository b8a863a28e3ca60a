package dev.tracedeck.app.threads;

/** Starts a thread of its own: what the rule refuses. */
public final class OwnThread {

    public static void start(Runnable work) {
        new Thread(work, "own").start();
    }
}
