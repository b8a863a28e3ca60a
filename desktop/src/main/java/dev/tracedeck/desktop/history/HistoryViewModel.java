package dev.tracedeck.desktop.history;

import dev.tracedeck.analysis.tokens.ModelChoice;
import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.desktop.common.ThreadInView;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The steps list and the context chart of the thread in view, at the event selected in the timeline. Counting
 * runs in the background and only while one of the two is on screen; a newer selection drops an older count.
 */
public final class HistoryViewModel {

    private Trace trace;
    private final LatestOnly counts;
    private HistoryInsights insights;
    private final dev.tracedeck.analysis.rules.SpendParameters spend;
    private final Consumer<Event> reveal;
    private final ReadOnlyObjectWrapper<HistoryInsight> insight = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private Optional<String> threadId = Optional.empty();
    private Optional<Event> event = Optional.empty();
    private boolean active;
    private boolean stale = true;
    /** The event a step asked the timeline to show, whose selection must not move the history. */
    private Event revealed;

    /**
     * @param queries runs the counts
     * @param reveal  selects an event in the timeline (a step's message, a point of the chart)
     */
    public HistoryViewModel(Trace trace, TaskRunner queries, Consumer<Event> reveal) {
        this(trace, queries, reveal, ModelChoice.of(trace, null, null, dev.tracedeck.analysis.tokens.ModelProfiles.defaults()));
    }

    /** @param model the model to count with, as the context rules do */
    public HistoryViewModel(Trace trace, TaskRunner queries, Consumer<Event> reveal, ModelChoice model) {
        this(trace, queries, reveal, model, dev.tracedeck.analysis.rules.SpendParameters.DEFAULTS);
    }

    /** @param spend the cache-miss rule's thresholds, for the misses the cache chart marks */
    public HistoryViewModel(Trace trace, TaskRunner queries, Consumer<Event> reveal, ModelChoice model,
                            dev.tracedeck.analysis.rules.SpendParameters spend) {
        this.trace = trace;
        this.counts = new LatestOnly(queries);
        this.insights = new HistoryInsights(model, spend);
        this.spend = spend;
        this.reveal = reveal;
    }

    public ReadOnlyObjectProperty<HistoryInsight> insightProperty() {
        return insight.getReadOnlyProperty();
    }

    public HistoryInsight getInsight() {
        return insight.get();
    }

    /** "Counting…", or why there is nothing to show; empty when the insight is current. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The thread the thread list selected; empty for "All threads", where the selected event's thread is shown. */
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
        if (selected != null && selected == revealed) {
            // The user chose a step: the history stays the one the step belongs to, not the history at its message.
            revealed = null;
            return;
        }
        refresh();
    }

    /**
     * A file read to its end, in place of what was read of it: the history in view is counted again from {@code whole},
     * with {@code model}, the model the whole trace names (what was read of it may have named none yet).
     */
    public void traceRead(Trace whole, ModelChoice model) {
        insights = new HistoryInsights(model, spend);
        traceGrew(whole);
    }

    /** A followed file read further: the history in view is counted again from {@code grown}, the same file's trace now. */
    public void traceGrew(Trace grown) {
        trace = grown;
        refresh();
    }

    /** Whether the steps list or the chart is on screen: counting waits until one is. */
    public void setActive(boolean shown) {
        active = shown;
        if (active && stale) {
            refresh();
        }
    }

    /** Shows a chart point's event in the timeline and the detail; the history moves to that point. */
    public void reveal(Event target) {
        reveal.accept(target);
    }

    /** Shows a step's first message in the timeline and the detail; the steps stay those of the history shown. */
    public void revealStep(Event target) {
        revealed = target;
        reveal.accept(target);
    }

    /** The event a source line belongs to, for a step's message (a dump entry's line is inside its dump's lines). */
    public Optional<Event> eventAtLine(int line) {
        return ThreadInView.eventAtLine(trace.events(), line);
    }

    private void refresh() {
        if (!active) {
            stale = true;
            return;
        }
        stale = false;
        Optional<TraceThread> thread = ThreadInView.choose(trace, threadId, event);
        if (thread.isEmpty()) {
            counts.cancel();
            insight.set(null);
            status.set("No thread has a history: nothing to split into steps or count.");
            return;
        }
        Optional<Event> at = event;
        status.set("Counting " + label(thread.get()) + "…");
        counts.submit("count " + thread.get().id(), context -> insights.of(thread.get(), at), result -> {
            insight.set(result);
            status.set(result.points().isEmpty() ? label(thread.get()) + " has no history: no message list was dumped and no message was logged." : "");
        }, error -> status.set("Could not count " + label(thread.get()) + ": " + error.getMessage()));
    }

    private static String label(TraceThread thread) {
        return thread.id().isEmpty() ? "the run" : "thread " + thread.id();
    }
}
