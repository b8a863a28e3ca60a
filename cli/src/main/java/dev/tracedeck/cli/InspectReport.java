package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.chat.HistoryCounts;
import dev.tracedeck.cli.report.CountFormat;
import dev.tracedeck.cli.report.TerminalText;
import dev.tracedeck.model.trace.Diagnostic;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.ThreadSummary;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/** Renders {@code inspect} results as JSON (a contract for scripts) or as a table for people. */
final class InspectReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private InspectReport() {
    }

    /**
     * Writes the report to {@code out} as it is made, not into a string first: a file of ten thousand conversations
     * makes a report of megabytes, and holding it twice (as characters, then as a string) was part of inspect's peak
     * memory.
     */
    static void json(List<Trace> traces, PrintWriter out) {
        ArrayNode array = MAPPER.createArrayNode();
        for (Trace trace : traces) {
            array.add(fileNode(trace));
        }
        try {
            MAPPER.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, array);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.print(System.lineSeparator());
    }

    private static ObjectNode fileNode(Trace trace) {
        ImportReport r = trace.report();
        ObjectNode file = MAPPER.createObjectNode();
        file.put("file", r.file());
        file.put("format", r.format());
        file.put("bytes", r.bytes());
        file.put("lines", r.lines());
        file.put("records", r.records());
        file.put("events", trace.events().size());
        file.put("otherRecords", r.otherRecords());
        file.put("malformedRecords", r.malformedRecords());
        ObjectNode kinds = file.putObject("recordKinds");
        r.recordKinds().forEach(kinds::put);
        ArrayNode threads = file.putArray("threads");
        // Each thread's counts read only that thread: a file of ten thousand conversations counts them on every core.
        threads.addAll(trace.threads().parallelStream().map(InspectReport::threadNode).toList());
        ArrayNode problems = file.putArray("problems");
        for (Diagnostic d : r.diagnostics()) {
            problems.addObject().put("line", d.line()).put("message", d.message());
        }
        file.put("problemsOmitted", r.diagnosticsOmitted());
        return file;
    }

    private static ObjectNode threadNode(TraceThread thread) {
        ThreadSummary s = ThreadSummary.of(thread);
        ObjectNode t = MAPPER.createObjectNode();
        t.put("id", s.id());
        t.put("events", thread.events().size());
        t.put("conversationMessages", s.conversationMessages());
        t.put("controlMessages", s.controlMessages());
        ObjectNode tools = t.putObject("toolCalls");
        s.toolCalls().forEach(tools::put);
        t.put("snapshots", s.snapshots());
        t.put("finalStateSize", s.finalStateSize());
        HistoryCounts h = HistoryCounts.of(thread);
        t.put("messages", h.messages());
        ObjectNode roles = t.putObject("roles");
        h.roles().forEach(roles::put);
        t.put("toolResults", h.toolResults());
        t.put("orphanedToolCalls", h.orphanedToolCalls());
        return t;
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
