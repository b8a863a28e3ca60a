package dev.tracedeck.desktop.common;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/**
 * A named piece of work plus what to do with its outcome. The callbacks run on the UI thread (see
 * {@link TaskRunner}); exactly one of success, failure and cancelled runs, after any progress calls.
 *
 * @param <T> what the work produces
 */
public final class BackgroundJob<T> {

    /** The work itself, run on a background thread. */
    @FunctionalInterface
    public interface Work<T> {
        T run(TaskContext context) throws Exception;
    }

    private final String name;
    private final Work<T> work;
    private DoubleConsumer onProgress = fraction -> { };
    private Consumer<? super T> onSuccess = result -> { };
    private Consumer<Throwable> onFailure = error -> { };
    private Runnable onCancelled = () -> { };

    private BackgroundJob(String name, Work<T> work) {
        this.name = Objects.requireNonNull(name);
        this.work = Objects.requireNonNull(work);
    }

    public static <T> BackgroundJob<T> of(String name, Work<T> work) {
        return new BackgroundJob<>(name, work);
    }

    /** Fraction done in [0, 1], or a negative value while the amount of work is unknown. */
    public BackgroundJob<T> onProgress(DoubleConsumer action) {
        onProgress = Objects.requireNonNull(action);
        return this;
    }

    public BackgroundJob<T> onSuccess(Consumer<? super T> action) {
        onSuccess = Objects.requireNonNull(action);
        return this;
    }

    public BackgroundJob<T> onFailure(Consumer<Throwable> action) {
        onFailure = Objects.requireNonNull(action);
        return this;
    }

    public BackgroundJob<T> onCancelled(Runnable action) {
        onCancelled = Objects.requireNonNull(action);
        return this;
    }

    public String name() {
        return name;
    }

    // The rest is for runners: they run the work and report the outcome on the UI thread.

    T run(TaskContext context) throws Exception {
        return work.run(context);
    }

    void progressed(double fraction) {
        onProgress.accept(fraction);
    }

    @SuppressWarnings("unchecked")
    void succeeded(Object result) {
        onSuccess.accept((T) result);
    }

    void failed(Throwable error) {
        onFailure.accept(error);
    }

    void cancelled() {
        onCancelled.run();
    }
}
