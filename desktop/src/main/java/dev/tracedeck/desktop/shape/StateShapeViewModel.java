package dev.tracedeck.desktop.shape;

import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.desktop.common.ThreadInView;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The state view of the thread in view: its snapshot at the selected event, scrubbed snapshot by snapshot. Built
 * in the background and only while shown.
 */
public final class StateShapeViewModel {

    private Trace trace;
    private final LatestOnly builds;
    private final Consumer<Event> reveal;
    private final Supplier<List<Finding>> findings;
    private final ReadOnlyObjectWrapper<ShapeFrame> frame = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<String> status = new ReadOnlyObjectWrapper<>("");
    private Optional<String> threadId = Optional.empty();
    private Optional<Event> event = Optional.empty();
    private boolean active;
    private boolean stale = true;
    private List<Event> points = List.of();
    private TraceThread thread;

    /**
     * @param findings the findings so far (none until the rules have run), to flag chips with
     * @param reveal   selects an event in the timeline
     */
    public StateShapeViewModel(Trace trace, TaskRunner queries, Supplier<List<Finding>> findings, Consumer<Event> reveal) {
        this.trace = trace;
        this.builds = new LatestOnly(queries);
        this.findings = findings;
        this.reveal = reveal;
    }

    public ReadOnlyObjectProperty<ShapeFrame> frameProperty() {
        return frame.getReadOnlyProperty();
    }

    public ShapeFrame getFrame() {
        return frame.get();
    }

    public ReadOnlyObjectProperty<String> statusProperty() {
        return status.getReadOnlyProperty();
    }

    public void showThread(Optional<String> id) {
        threadId = id;
        refresh();
    }

    public void showEvent(Event selected) {
        Optional<Event> now = Optional.ofNullable(selected);
        if (now.equals(event)) {
            return;
        }
        event = now;
        if (getFrame() != null && selected == getFrame().point()) {
            return;
        }
        refresh();
    }

    /** A followed file read further: the state in view is drawn again from {@code grown}, the same file's trace now. */
    public void traceGrew(Trace grown) {
        trace = grown;
        refresh();
    }

    /** The findings changed (the rules finished): flags are drawn anew. */
    public void findingsChanged() {
        refresh();
    }

    public void setActive(boolean shown) {
        active = shown;
        if (active && stale) {
            refresh();
        }
    }

    /** The snapshot {@code delta} away from the one shown; it becomes the selected event. */
    public void step(int delta) {
        ShapeFrame now = getFrame();
        if (now != null) {
            show(Math.max(0, Math.min(now.count() - 1, now.index() + delta)));
        }
    }

    /** Shows snapshot {@code index} and selects its event in the timeline. */
    public void show(int index) {
        if (thread == null || index < 0 || index >= points.size()) {
            return;
        }
        Event point = points.get(index);
        List<Finding> flags = findings.get();
        TraceThread current = thread;
        List<Event> all = points;
        event = Optional.of(point);
        builds.submit("shape " + current.id(), context -> ShapeFrames.at(current, all, index, flags), frame::set,
                error -> status.set("Could not draw the state: " + error.getMessage()));
        reveal.accept(point);
    }

    /** The event holding a source line, for a chip's click. */
    public Optional<Event> eventAtLine(int line) {
        return ThreadInView.eventAtLine(thread == null ? trace.events() : thread.events(), line);
    }

    public void reveal(Event target) {
        reveal.accept(target);
    }

    private void refresh() {
        if (!active) {
            stale = true;
            return;
        }
        stale = false;
        Optional<TraceThread> chosen = ThreadInView.choose(trace, threadId, event);
        if (chosen.isEmpty()) {
            frame.set(null);
            status.set("No thread has a state or a history to draw.");
            return;
        }
        thread = chosen.get();
        points = ThreadHistory.points(thread);
        if (points.isEmpty()) {
            frame.set(null);
            status.set((thread.id().isEmpty() ? "The run" : "Thread " + thread.id())
                    + " has no state: no message list was dumped and no message was logged.");
            return;
        }
        int index = points.size() - 1;
        if (event.isPresent() && event.get().threadId().equals(thread.id())) {
            index = 0;
            for (int i = 0; i < points.size() && points.get(i).seq() <= event.get().seq(); i++) {
                index = i;
            }
        }
        status.set("");
        List<Finding> flags = findings.get();
        TraceThread current = thread;
        List<Event> all = points;
        int at = index;
        builds.submit("shape " + current.id(), context -> ShapeFrames.at(current, all, at, flags), frame::set,
                error -> status.set("Could not draw the state: " + error.getMessage()));
    }
}
