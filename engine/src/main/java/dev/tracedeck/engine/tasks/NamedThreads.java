package dev.tracedeck.engine.tasks;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Daemon threads named {@code prefix-1}, {@code prefix-2} …: daemon so a running job never keeps the JVM alive after
 * the window closes or the command ends, named so a thread dump says what each one is doing. The one place a thread
 * is made.
 */
final class NamedThreads implements ThreadFactory {

    private final String prefix;
    private final AtomicInteger count = new AtomicInteger();

    NamedThreads(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = new Thread(task, prefix + "-" + count.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    }

    /** One thread named {@code name} exactly, not started. */
    static Thread single(String name, Runnable task, boolean daemon) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(daemon);
        return thread;
    }
}
