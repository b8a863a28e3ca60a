package dev.tracedeck.engine.tasks;

/**
 * How many threads compute in the background at once, every job of the process together: one less than the cores,
 * and never fewer than two. The core left over is for the threads that hand the computing out and show its results
 * — an import's reading thread, which splits lines while the workers parse them, and the FX thread — which would
 * otherwise wait behind a full pool for the operating system's next turn. On two cores nothing is held back: the
 * parsing of a JSON Lines file, most of an import, runs on two workers there, and one would halve it; the reading and
 * FX threads then share the cores with them as before. The system property {@value #PROPERTY} sets the budget, for
 * benchmarks that compare budgets in one run.
 */
public record CoreBudget(int threads) {

    public static final String PROPERTY = "tracedeck.cores";

    public CoreBudget {
        if (threads < 1) {
            throw new IllegalArgumentException("a core budget of " + threads + " threads");
        }
    }

    /** This machine's: {@value #PROPERTY} when set, else {@link #forCores} of the cores the JVM may use. */
    public static CoreBudget ofMachine() {
        Integer set = Integer.getInteger(PROPERTY);
        return set != null && set > 0 ? new CoreBudget(set) : forCores(Runtime.getRuntime().availableProcessors());
    }

    /** One less than {@code cores}, at least two. */
    public static CoreBudget forCores(int cores) {
        return new CoreBudget(Math.max(2, cores - 1));
    }

    /** Half the budget, at least one: work that runs beside a bigger job (a file's threads checked as it is read). */
    public int half() {
        return Math.max(1, threads / 2);
    }
}
