package dev.tracedeck.app.threads;

import dev.tracedeck.engine.tasks.TaskExecutor;
import java.util.concurrent.Future;

/** Starts its work through the process's executor: what the rule asks for. */
public final class SharedPool {

    public static Future<?> start(Runnable work) {
        return TaskExecutor.shared().start("shared", work);
    }
}
