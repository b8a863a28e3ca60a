package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.tracedeck.analysis.outcome.TraceOutcomes;
import dev.tracedeck.analysis.parallel.ParallelMap;
import dev.tracedeck.analysis.rules.chat.HistoryCounts;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.recorded.RecordedOutcome;
import dev.tracedeck.model.recorded.ThreadStart;
import dev.tracedeck.model.trace.Diagnostic;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.ThreadSummary;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Renders {@code inspect} results as JSON (a contract for scripts) or as a table for people. */
final class InspectReport {

    /** Indented as Jackson's default pretty printer indents, which is what scripts read. */
    private static final ObjectWriter WRITER = new ObjectMapper().writerWithDefaultPrettyPrinter();

    private InspectReport() {
    }

    /**
     * Writes the report to {@code out} as it is made, field by field, neither as a tree nor into a string first: a file
     * of ten thousand conversations makes a report of megabytes, and building it whole was part of inspect's time and
     * peak memory.
     */
    static void json(List<Trace> traces, PrintWriter out) {
        try (JsonGenerator json = WRITER.createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            json.writeStartArray();
            for (Trace trace : traces) {
                file(json, trace);
            }
            json.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.print(System.lineSeparator());
    }

    private static void file(JsonGenerator json, Trace trace) throws IOException {
        ImportReport r = trace.report();
        json.writeStartObject();
        json.writeStringField("file", r.file());
        json.writeStringField("format", r.format());
        json.writeNumberField("bytes", r.bytes());
        json.writeNumberField("lines", r.lines());
        json.writeNumberField("records", r.records());
        json.writeNumberField("events", trace.events().size());
        json.writeNumberField("otherRecords", r.otherRecords());
        json.writeNumberField("malformedRecords", r.malformedRecords());
        writeCounts(json, "recordKinds", r.recordKinds());
        json.writeArrayFieldStart("threads");
        // Each thread's counts read only that thread: a file of ten thousand conversations counts them on every core.
        for (ThreadCounts thread : ParallelMap.map(trace.threads(), ThreadCounts::of)) {
            thread.write(json);
        }
        json.writeEndArray();
        json.writeArrayFieldStart("problems");
        for (Diagnostic d : r.diagnostics()) {
            json.writeStartObject();
            json.writeNumberField("line", d.line());
            json.writeStringField("message", d.message());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeNumberField("problemsOmitted", r.diagnosticsOmitted());
        json.writeEndObject();
    }

    /** {@code "name": {"key": count, …}}, in the map's order. */
    private static void writeCounts(JsonGenerator json, String name, Map<String, ? extends Number> counts)
            throws IOException {
        json.writeObjectFieldStart(name);
        for (Map.Entry<String, ? extends Number> count : counts.entrySet()) {
            json.writeNumberField(count.getKey(), count.getValue().longValue());
        }
        json.writeEndObject();
    }

    /** What the report says of one thread, counted on any thread. */
    private record ThreadCounts(TraceThread thread, ThreadSummary summary, HistoryCounts history) {

        static ThreadCounts of(TraceThread thread) {
            return new ThreadCounts(thread, ThreadSummary.of(thread), HistoryCounts.of(thread));
        }

        void write(JsonGenerator json) throws IOException {
            json.writeStartObject();
            json.writeStringField("id", summary.id());
            json.writeNumberField("events", thread.events().size());
            json.writeNumberField("conversationMessages", summary.conversationMessages());
            json.writeNumberField("controlMessages", summary.controlMessages());
            writeCounts(json, "toolCalls", summary.toolCalls());
            json.writeNumberField("snapshots", summary.snapshots());
            json.writeNumberField("finalStateSize", summary.finalStateSize());
            json.writeNumberField("messages", history.messages());
            writeCounts(json, "roles", history.roles());
            json.writeNumberField("toolResults", history.toolResults());
            json.writeNumberField("orphanedToolCalls", history.orphanedToolCalls());
            // What the trace says of how the thread ran, where it says anything: its scores, an error, an abort.
            if (!thread.records().outcomes().isEmpty()) {
                json.writeArrayFieldStart("outcomes");
                for (RecordedOutcome o : thread.records().outcomes()) {
                    json.writeStartObject();
                    json.writeStringField("verdict", o.verdict().name().toLowerCase(Locale.ROOT));
                    json.writeStringField("by", o.by());
                    json.writeStringField("says", o.says());
                    json.writeNumberField("line", o.at().source().firstLine());
                    json.writeNumberField("seq", o.at().seq());
                    json.writeEndObject();
                }
                json.writeEndArray();
            }
            // A sub-agent's thread: the call of its parent that started it, where that call was written.
            Optional<ThreadStart> start = thread.records().startedBy();
            if (start.isPresent()) {
                Event call = start.get().call();
                json.writeObjectFieldStart("startedBy");
                json.writeStringField("callId", start.get().callId());
                json.writeStringField("thread", call.threadId());
                json.writeStringField("file", call.source().file());
                json.writeNumberField("line", call.source().firstLine());
                json.writeNumberField("lastLine", call.source().lastLine());
                json.writeNumberField("seq", call.seq());
                json.writeEndObject();
            }
            json.writeEndObject();
        }
    }

    static String text(List<Trace> traces) {
        StringBuilder out = new StringBuilder();
        for (Trace trace : traces) {
            ImportReport r = trace.report();
            out.append(TerminalText.line(r.file())).append("  (").append(TerminalText.line(r.format())).append(")\n");
            out.append("  ").append(CountFormat.count(r.lines())).append(" lines · ").append(CountFormat.count(r.records())).append(" records · ")
                    .append(CountFormat.count(trace.events().size())).append(" events · ").append(CountFormat.count(r.otherRecords()))
                    .append(" other · ").append(CountFormat.count(r.malformedRecords())).append(" malformed\n");
            out.append("  records by kind: ").append(joinCounts(r.recordKinds())).append('\n');
            // What the trace says of its runs (an eval's scores, an abort) comes before what was counted of them.
            OutcomeLines.of(TraceOutcomes.of(trace), "  ").forEach(line -> out.append(line).append('\n'));
            int width = trace.threads().stream().mapToInt(t -> TerminalText.line(t.label()).length()).max().orElse(0);
            String row = "  %-" + Math.max(8, width) + "s %8s %8s %8s %10s %6s  %s%n";
            out.append(String.format(row, "thread", "messages", "control", "events", "snapshots", "state", "tool calls"));
            for (TraceThread thread : trace.threads()) {
                ThreadSummary s = ThreadSummary.of(thread);
                out.append(String.format(row, TerminalText.line(thread.label()), CountFormat.count(s.conversationMessages()),
                        CountFormat.count(s.controlMessages()), CountFormat.count(thread.events().size()), CountFormat.count(s.snapshots()),
                        CountFormat.count(s.finalStateSize()),
                        s.toolCalls().isEmpty() ? "-" : joinCounts(s.toolCalls())));
            }
            for (TraceThread thread : trace.threads()) {
                // A sub-agent's thread, with the call of its parent that started it.
                thread.records().startedBy().ifPresent(start -> out.append("  ").append(TerminalText.line(thread.label()))
                        .append(" started by call ").append(TerminalText.line(start.callId())).append(" of ")
                        .append(TerminalText.line(start.call().threadId())).append(" (")
                        .append(TerminalText.line(start.call().source().display())).append(")\n"));
            }
            if (r.problemCount() > 0) {
                out.append("  problems:\n");
                r.diagnostics().stream().limit(20).forEach(d ->
                        out.append("    ").append(TerminalText.line(r.file())).append(':').append(d.line()).append(": ")
                                .append(TerminalText.line(d.message())).append('\n'));
                if (r.problemCount() > 20) {
                    out.append("    … and ").append(CountFormat.count(r.problemCount() - 20)).append(" more (see --json)\n");
                }
            }
            out.append('\n');
        }
        return TerminalText.block(out.toString());
    }

    private static String joinCounts(Map<String, ? extends Number> counts) {
        StringBuilder s = new StringBuilder();
        counts.forEach((k, v) -> s.append(s.isEmpty() ? "" : ", ").append(TerminalText.line(k)).append(' ').append(CountFormat.count(v.longValue())));
        return s.toString();
    }
}
