package dev.tracedeck.desktop.common;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Daemon threads named {@code prefix-1}, {@code prefix-2} …: daemon so a running import never keeps the JVM
 * alive after the window closes, named so a thread dump says what each one is doing.
 */
public final class NamedDaemonThreadFactory implements ThreadFactory {

    private final String prefix;
    private final AtomicInteger count = new AtomicInteger();

    public NamedDaemonThreadFactory(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = new Thread(task, prefix + "-" + count.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    }
}
