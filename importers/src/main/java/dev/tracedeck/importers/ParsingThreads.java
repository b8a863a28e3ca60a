package dev.tracedeck.importers;

import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * Where importers parse ahead of the importing thread (the lines of a JSON Lines file), and with how many threads at
 * most. The importers make no thread of their own: the process's task executor (the engine's, which this module
 * cannot see) hands them its computing pool once, before anything is read, so that parsing shares the process's
 * core budget with everything else. Until it does (this module's own tests), lines are parsed on the importing thread.
 * A reader that runs beside the importing thread and waits on it (a log's lines read ahead) takes no computing thread:
 * it gets a lane of its own from the same executor ({@link #readAhead()}), and without one the log is read on the
 * importing thread.
 */
public final class ParsingThreads {

    private record Pool(Executor executor, int parallelism) {
    }

    private static volatile Pool pool = new Pool(Runnable::run, 0);
    private static volatile Supplier<ExecutorService> readers;

    private ParsingThreads() {
    }

    /** Parses ahead on {@code executor}, at most {@code parallelism} batches at once (0: on the importing thread). */
    public static void use(Executor executor, int parallelism) {
        pool = new Pool(executor, Math.max(0, parallelism));
    }

    /** Reads ahead on a lane {@code lanes} makes, one for each file read, which its reader shuts down. */
    public static void readAheadOn(Supplier<ExecutorService> lanes) {
        readers = lanes;
    }

    /** A lane of one thread to read a file ahead on, shut down by the caller; empty where none was handed. */
    public static Optional<ExecutorService> readAhead() {
        Supplier<ExecutorService> lanes = readers;
        return lanes == null ? Optional.empty() : Optional.of(lanes.get());
    }

    public static Executor executor() {
        return pool.executor();
    }

    /** How many threads parse at once; 0 when lines are parsed on the importing thread. */
    public static int parallelism() {
        return pool.parallelism();
    }
}
