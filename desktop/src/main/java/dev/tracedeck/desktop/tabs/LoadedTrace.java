package dev.tracedeck.desktop.tabs;

import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.cli.report.CountFormat;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A trace plus the counts, thread labels and LLM-call pairs the views show, computed once on the import thread so that showing a trace of a
 * million events costs the FX thread nothing but the table's first screen.
 */
public record LoadedTrace(Trace trace, List<ThreadSummary> threads, Map<EventKind, Long> kindCounts,
                          ThreadLabels threadLabels, LlmRounds llmRounds) {

    public LoadedTrace {
        Objects.requireNonNull(trace);
        Objects.requireNonNull(threadLabels);
        Objects.requireNonNull(llmRounds);
        threads = List.copyOf(threads);
        kindCounts = Collections.unmodifiableMap(new EnumMap<>(kindCounts));
    }

    public static LoadedTrace of(Trace trace) {
        Map<EventKind, Long> counts = new EnumMap<>(EventKind.class);
        for (Event event : trace.events()) {
            counts.merge(event.kind(), 1L, Long::sum);
        }
        ThreadLabels labels = ThreadLabels.of(trace);
        return new LoadedTrace(trace, ThreadSummary.of(trace, labels), counts, labels, LlmRounds.of(trace.events()));
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
