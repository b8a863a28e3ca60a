package dev.tracedeck.desktop.tabs;

import dev.tracedeck.analysis.outcome.TraceOutcomes;
import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.analysis.tokens.TraceModel;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.desktop.timeline.TimelineRows;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ForkJoinTask;

/**
 * A trace plus the counts, thread labels, LLM-call pairs and model the views show, computed once on the import thread so
 * that showing a trace of a million events costs the FX thread nothing but the table's first screen.
 *
 * @param namedModel     the model the trace names ({@link TraceModel#of(Trace)})
 * @param recordedWindow the context window its harness recorded ({@link TraceModel#window(Trace)})
 * @param timelineRows   the rows of the first timeline to show it, or {@link TimelineRows#NONE}
 * @param outcomes       what the trace says of its own runs (scores, errors, aborts, failed spans)
 */
public record LoadedTrace(Trace trace, List<ThreadSummary> threads, Map<EventKind, Long> kindCounts,
                          ThreadLabels threadLabels, LlmRounds llmRounds, Optional<String> namedModel,
                          OptionalInt recordedWindow, TimelineRows timelineRows, TraceOutcomes outcomes) {

    public LoadedTrace {
        Objects.requireNonNull(trace);
        Objects.requireNonNull(threadLabels);
        Objects.requireNonNull(llmRounds);
        Objects.requireNonNull(namedModel);
        Objects.requireNonNull(recordedWindow);
        Objects.requireNonNull(timelineRows);
        Objects.requireNonNull(outcomes);
        threads = List.copyOf(threads);
        kindCounts = Collections.unmodifiableMap(new EnumMap<>(kindCounts));
    }

    /**
     * Counts {@code trace}'s events and pairs its LLM calls on the calling thread, and meanwhile labels its threads and
     * finds its model on another core: one after another, with the kinds counted in a walk of their own, they would
     * stand between a big file's last line read and its views shown.
     */
    public static LoadedTrace of(Trace trace) {
        return of(trace, false);
    }

    /** As {@link #of(Trace)}, with the rows of the timeline a new tab shows made too (see {@link TimelineRows}). */
    public static LoadedTrace toShow(Trace trace) {
        return of(trace, true);
    }

    private static LoadedTrace of(Trace trace, boolean timeline) {
        ForkJoinTask<ThreadLabels> labels = ForkJoinTask.adapt(() -> ThreadLabels.of(trace)).fork();
        ForkJoinTask<Optional<String>> model = ForkJoinTask.adapt(() -> TraceModel.of(trace)).fork();
        ForkJoinTask<TraceOutcomes> outcomes = ForkJoinTask.adapt(() -> TraceOutcomes.of(trace)).fork();
        long[] kinds = new long[EventKind.values().length];
        List<ThreadSummary> threads = ThreadSummary.of(trace, labels::join, kinds);
        Map<EventKind, Long> counts = new EnumMap<>(EventKind.class);
        for (EventKind kind : EventKind.values()) {
            if (kinds[kind.ordinal()] > 0) {
                counts.put(kind, kinds[kind.ordinal()]);
            }
        }
        LlmRounds rounds = LlmRounds.of(trace.events());
        TimelineRows rows = timeline
                ? TimelineRows.of(trace.events(), rounds, dev.tracedeck.analysis.run.RunWords.of(trace)) : TimelineRows.NONE;
        return new LoadedTrace(trace, threads, counts, labels.join(), rounds, model.join(), TraceModel.window(trace), rows,
                outcomes.join());
    }

    /** "1,234 events · 5 threads · 3 other · 1 malformed" for the status bar. */
    public String summary() {
        ImportReport report = trace.report();
        return CountFormat.count(trace.events().size(), "event", "events")
                + " · " + CountFormat.count(trace.threads().size(), "thread", "threads")
                + " · " + CountFormat.count(report.otherRecords()) + " other"
                + " · " + CountFormat.count(report.malformedRecords()) + " malformed";
    }
}
