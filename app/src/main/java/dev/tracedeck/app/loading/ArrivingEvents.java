package dev.tracedeck.app.loading;

import dev.tracedeck.model.event.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The events an import has added that the window has not shown yet, handed from the importing thread to the FX
 * thread in batches: the first at once, then at most one batch per {@link #BATCH_NANOS}, so a file of millions of
 * events costs the FX thread a few updates a second, not one per event. Thread-safe.
 */
public final class ArrivingEvents {

    /** A few times a second: rows visibly stream in, and each batch is big enough to be cheap to add. */
    static final long BATCH_NANOS = 250_000_000L;

    private final Executor fx;
    private final Consumer<List<Event>> show;
    private final LongSupplier clock;
    private List<Event> pending = new ArrayList<>();
    private boolean posted;
    private boolean stopped;
    private long lastPost;
    private boolean postedOnce;

    /**
     * @param fx   runs a batch's delivery on the FX thread ({@code Platform::runLater})
     * @param show takes each batch there, in seq order
     */
    public ArrivingEvents(Executor fx, Consumer<List<Event>> show) {
        this(fx, show, System::nanoTime);
    }

    ArrivingEvents(Executor fx, Consumer<List<Event>> show, LongSupplier clock) {
        this.fx = fx;
        this.show = show;
        this.clock = clock;
    }

    /** On the importing thread, for each event as it is added. */
    public synchronized void add(Event event) {
        if (stopped) {
            return;
        }
        pending.add(event);
        postIfDue();
    }

    /**
     * On the importing thread between records (its progress reports): events held back because they came too soon
     * after a batch go out once their time has come, even while the importer reads a long stretch without adding any.
     */
    public synchronized void tick() {
        postIfDue();
    }

    /** Drops what has not been shown and takes no more: the import ended, and its whole trace replaces the rows. */
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
        List<Event> batch;
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
