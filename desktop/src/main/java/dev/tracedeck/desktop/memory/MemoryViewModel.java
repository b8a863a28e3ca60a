package dev.tracedeck.desktop.memory;

import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The memories of the trace in view: read off the FX thread the first time the view is shown (and again once a
 * followed file grew), a lane per memory and a mark per operation. A mark selected shows the memory's value there and
 * its change (worked out off the FX thread too); {@link #jump} selects the mark's call in the other views; an event
 * selected elsewhere selects its mark here.
 */
public final class MemoryViewModel {

    private Trace trace;
    private final LatestOnly builds;
    private final LatestOnly details;
    private final Consumer<Event> reveal;
    private final ReadOnlyObjectWrapper<MemoryLanes> lanes = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<MemoryLanes.Mark> selected = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<MarkDetail> detail = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private boolean active;
    private boolean stale = true;
    private boolean jumping;
    private Event shownEvent;

    /** @param reveal selects an event in the other views */
    public MemoryViewModel(Trace trace, TaskRunner queries, Consumer<Event> reveal) {
        this.trace = trace;
        this.builds = new LatestOnly(queries);
        this.details = new LatestOnly(queries);
        this.reveal = reveal;
    }

    /** The lanes, or null until the memories are read. */
    public ReadOnlyObjectProperty<MemoryLanes> lanesProperty() {
        return lanes.getReadOnlyProperty();
    }

    public MemoryLanes lanes() {
        return lanes.get();
    }

    /** The mark selected, or null. */
    public ReadOnlyObjectProperty<MemoryLanes.Mark> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    /** What the view says of the mark selected, or null while there is none (or it is being worked out). */
    public ReadOnlyObjectProperty<MarkDetail> detailProperty() {
        return detail.getReadOnlyProperty();
    }

    /** "Reading the memories…", or an error. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public void setActive(boolean shown) {
        active = shown;
        if (active && stale) {
            build();
        } else if (active && shownEvent != null) {
            showEvent(shownEvent);
        }
    }

    /** A followed file read further: read anew when next shown. */
    public void traceGrew(Trace grown) {
        trace = grown;
        stale = true;
        if (active) {
            build();
        }
    }

    private void build() {
        stale = false;
        Trace reading = trace;
        status.set("Reading the memories…");
        builds.submit("memory", context -> MemoryLanes.of(reading), made -> {
            if (made == null) {
                return;
            }
            status.set("");
            lanes.set(made);
            select(null);
            if (shownEvent != null) {
                showEvent(shownEvent);
            }
        }, error -> status.set("Could not read the memories: " + error.getMessage()));
    }

    /** Selects a mark (null: none) and works out what the view says of it. */
    public void select(MemoryLanes.Mark mark) {
        selected.set(mark);
        detail.set(null);
        MemoryLanes now = lanes.get();
        if (mark == null || now == null) {
            details.cancel();
            return;
        }
        MemoryLanes.Lane lane = now.lanes().get(mark.lane());
        details.submit("memory value", context -> MarkDetail.of(lane.memory(), lane.thread(), mark.op()), made -> {
            if (made != null && selected.get() == mark) {
                detail.set(made);
            }
        }, error -> status.set("Could not show the value: " + error.getMessage()));
    }

    /** The mark {@code step} along the selected one's lane (← →); the first mark when none is selected. */
    public void step(int step) {
        move(m -> lanes.get().along(m, step));
    }

    /** The nearest mark on the lane {@code step} lanes away (↑ ↓); the first mark when none is selected. */
    public void changeLane(int step) {
        move(m -> lanes.get().across(m, step));
    }

    private void move(java.util.function.UnaryOperator<MemoryLanes.Mark> to) {
        MemoryLanes now = lanes.get();
        if (now == null || now.lanes().isEmpty()) {
            return;
        }
        MemoryLanes.Mark from = selected.get();
        if (from == null) {
            now.firstMark().ifPresent(this::select);
        } else {
            select(to.apply(from));
        }
    }

    /** Selects the selected mark's call in the other views (Enter, the link). */
    public void jump() {
        MemoryLanes.Mark mark = selected.get();
        if (mark == null) {
            return;
        }
        Event event = mark.op().event();
        shownEvent = event;
        jumping = true;
        try {
            reveal.accept(event);
        } finally {
            jumping = false;
        }
    }

    /** The event selected elsewhere: its operation's mark is selected here, when it made one. */
    public void showEvent(Event event) {
        if (jumping || event == null) {
            return;
        }
        shownEvent = event;
        MemoryLanes now = lanes.get();
        if (now == null || !active) {
            return;
        }
        now.markOf(event.seq()).filter(m -> m != selected.get()).ifPresent(this::select);
    }

    /** Selects the mark that shows the most, for a picture without an event asked for. */
    public void showcase() {
        shownEvent = null;
        MemoryLanes now = lanes.get();
        if (now != null) {
            select(now.showcase().orElse(null));
        }
    }

    public void close() {
        builds.cancel();
        details.cancel();
    }
}
