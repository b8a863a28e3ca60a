package dev.tracedeck.importers.otelconsole;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.JsonTraceRead;
import dev.tracedeck.importers.sniff.JsonHead;
import dev.tracedeck.importers.spans.SpanRecords;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.Trace;
import java.util.Set;

/**
 * Imports the spans an OpenTelemetry SDK's console exporter prints ({@value #FORMAT_ID}): the Python SDK's span JSON
 * ({@link ConsoleSpans}), pretty-printed one after another (the exporter's default), one per line (a formatter without
 * indent), or gathered into a JSON array; or the .NET SDK's activities as text ({@link DotnetActivities}). A format of its own rather than another layout of
 * {@code otlp}: the JSON is the SDK's own rendering of a span, not OTLP's (no {@code resourceSpans}, ids as
 * {@code 0x} hex, times as ISO instants, attributes as plain values), so each is sniffed and named by its shape.
 *
 * <p>The spans are then read as {@code otlp} reads them (the shared span pipeline, importers/spans): threads by
 * conversation, session or trace; spans by start time, each a {@code span} record; a span with status
 * {@code ERROR} followed by an {@code error} record; a model call's messages in any GenAI convention, its model and
 * usage as a recorded call. A span printed twice (once as it starts, {@code end_time: null}, and again as it ends,
 * as a processor that prints on start does) is one span, the last printed. A value that breaks ends the reading
 * there (the values after it can't be told apart); a file cut inside its last span ends with {@code CUT_SHORT}.
 */
public final class OtelConsoleImporter implements TraceImporter {

    public static final String FORMAT_ID = "otel-console";
    private static final int HEAD_BYTES = 16 * 1024;

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    /**
     * 96 for the .NET exporter's activities ({@code Activity.TraceId:} and {@code Activity.SpanId:} lines); 96 when
     * a top-level value has a span's {@code context}, {@code parent_id} and {@code start_time} and its
     * {@code kind} is a {@code SpanKind.…}; 85 for those names with a {@code status} and {@code resource} but no
     * such kind in the head; else 0. Phoenix's spans have the first three names too, but a {@code span_kind} and a
     * {@code status_code} instead of {@code kind} and {@code status}.
     */
    @Override
    public int confidence(String head) {
        if (DotnetActivities.inHead(head) && head.contains("Activity.SpanId:")) {
            return 96;
        }
        JsonHead h = JsonHead.of(head);
        if (!h.isJson() || !h.hasTopLevelName("context") || !h.hasTopLevelName("parent_id")
                || !h.hasTopLevelName("start_time") || h.hasTopLevelName("span_kind")) {
            return 0;
        }
        if (h.valuesOf("kind").stream().anyMatch(k -> k.startsWith("SpanKind."))) {
            return 96;
        }
        return h.hasTopLevelName("status") && h.hasTopLevelName("resource") ? 85 : 0;
    }

    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        if (DotnetActivities.inHead(JsonTraceRead.head(source, HEAD_BYTES))) {
            ChatTraceWriter out = new ChatTraceWriter(source.name(), listener);
            DotnetActivities.Result result = DotnetActivities.read(source, listener, out);
            if (result.spans() == 0) {
                throw new NotThisFormatException(source.name(), "no .NET console activity");
            }
            return out.build(FORMAT_ID, result.bytes(), result.lines(), result.complete());
        }
        JsonLayout sniffed = JsonImport.layout(source);
        JsonLayout layout = sniffed == JsonLayout.OBJECT ? JsonLayout.SEQUENCE : sniffed;
        JsonTraceRead<Reading> read = JsonTraceRead.read(source, listener, layout, Set.of(),
                (out, l) -> new Reading(out));
        if (read.records().spans() == 0) {
            // Nothing to check is no pass: a file without a span is refused like a file of no known format.
            throw new NotThisFormatException(source.name(), read.result().complete() ? "no OpenTelemetry console span"
                    : "cut short before its first span");
        }
        return read.trace(FORMAT_ID);
    }

    /** Each value a span; a value that is none is kept as {@code other}. */
    private static final class Reading extends SpanRecords {

        Reading(ChatTraceWriter out) {
            super(out);
        }

        @Override
        public void value(JsonItem.Value value, SourceRef source) {
            if (ConsoleSpans.isSpan(value.node())) {
                String problem = ConsoleSpans.problem(value.node());
                if (problem != null) {
                    malformedLine(out, source, value.text(), problem);
                } else {
                    hold(ConsoleSpans.span(value.node(), source, value.text(), nextOrder()));
                }
            } else {
                out.other(source, value.text(), "valid JSON, but no span (context with trace_id and span_id)");
            }
        }
    }
}
