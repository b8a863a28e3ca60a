package dev.tracedeck.desktop.common;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What running work has produced that the window has not shown yet — the events of a file being read, the
 * checklists of threads checked — handed from the worker threads to the FX thread in batches: the first at once,
 * then at most one batch per {@link #BATCH_NANOS}, so millions of items cost the FX thread a few updates a second,
 * not one per item. Thread-safe.
 *
 * @param <T> what is handed over
 */
public final class Batches<T> {

    /** A few times a second: rows visibly stream in, and each batch is big enough to be cheap to add. */
    public static final long BATCH_NANOS = 250_000_000L;

    private final Executor fx;
    private final Consumer<List<T>> show;
    private final LongSupplier clock;
    private List<T> pending = new ArrayList<>();
    private boolean posted;
    private boolean stopped;
    private long lastPost;
    private boolean postedOnce;

    /**
     * @param fx   runs a batch's delivery on the FX thread ({@code Platform::runLater})
     * @param show takes each batch there, in the order the items were added
     */
    public Batches(Executor fx, Consumer<List<T>> show) {
        this(fx, show, System::nanoTime);
    }

    Batches(Executor fx, Consumer<List<T>> show, LongSupplier clock) {
        this.fx = fx;
        this.show = show;
        this.clock = clock;
    }

    /** On a worker thread, for each item as it is made. */
    public synchronized void add(T item) {
        if (stopped) {
            return;
        }
        pending.add(item);
        postIfDue();
    }

    /**
     * On a worker thread between items (its progress reports): items held back because they came too soon after a
     * batch go out once their time has come, even while the work goes a long stretch without making any.
     */
    public synchronized void tick() {
        postIfDue();
    }

    /** Drops what has not been shown and takes no more: the work ended, and its whole result replaces the batches. */
    public synchronized void stop() {
        stopped = true;
        pending = new ArrayList<>();
    }

    private void postIfDue() {
        if (posted || pending.isEmpty() || stopped) {
            return;
        }
        long now = clock.getAsLong();
        if (postedOnce && now - lastPost < BATCH_NANOS) {
            return;
        }
        posted = true;
        postedOnce = true;
        lastPost = now;
        fx.execute(this::deliver);
    }

    private void deliver() {
        List<T> batch;
        synchronized (this) {
            batch = pending;
            pending = new ArrayList<>();
            posted = false;
            if (stopped) {
                return;
            }
        }
        show.accept(batch);
    }
}
