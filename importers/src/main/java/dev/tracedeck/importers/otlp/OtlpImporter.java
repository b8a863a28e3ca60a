package dev.tracedeck.importers.otlp;

import dev.tracedeck.importers.GrowingRead;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.GrowingJsonLines;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.sniff.JsonHead;
import dev.tracedeck.importers.spans.SpanWriter;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Imports OpenTelemetry traces as OTLP/JSON ({@value #FORMAT_ID}): one {@code {"resourceSpans": […]}} document,
 * whose spans are streamed one by one ({@code resourceSpans[].scopeSpans[].spans[]}, the resource and scope kept as
 * each span's context), or one such export request per line as the collector's {@code file} exporter writes them (a
 * line, one export batch, is read whole), or a JSON array of them. The spans carry an LLM conversation in one of the
 * conventions {@code SpanMessages} reads: the GenAI semantic conventions' {@code gen_ai.input.messages} /
 * {@code gen_ai.output.messages}, OpenLLMetry's indexed {@code gen_ai.prompt.N.*} / {@code gen_ai.completion.N.*},
 * or OpenInference's {@code llm.input_messages.N.message.*}.
 *
 * <p>What becomes what:
 * <ul>
 *   <li><b>Threads.</b> A span belongs to the conversation it names ({@code gen_ai.conversation.id}, else
 *       {@code session.id}, on the span or its resource); a span that names none, to the conversation another span
 *       of its trace names; else its trace is its thread, named by the trace id, unless the trace continues another
 *       such thread's conversation ({@code Continuations}: a client instrumented without a span around its calls
 *       makes each call a trace of its own).</li>
 *   <li><b>Order.</b> Exporters write a span when it ends, so children come before their parents and a batch is in
 *       no useful order. The spans are held (each as little more than the event it becomes, never the file's tree)
 *       and written once the file is read, by start time; at equal start times a parent before its children, then in
 *       file order. Every event of a span has the span's start time, as an ISO instant.</li>
 *   <li><b>Spans.</b> Each span is a {@value #SPAN} record of kind {@code SPAN}: its name, kind, status, duration,
 *       ids, attributes as plain values, events, links, resource and scope. A span whose status is {@code ERROR} is
 *       followed by an {@value #ERROR} record (an agent error: shown as a problem) saying what failed, with its
 *       {@code exception} events. A tool's span ({@code execute_tool} with {@code gen_ai.tool.name} and
 *       {@code gen_ai.tool.call.id}, OpenInference {@code TOOL}) is a span record only: the conversation learns the
 *       tool's result from the next model call's input, as the model did.</li>
 *   <li><b>Messages.</b> A model call's span ({@code SpanRole.MODEL}) sends the whole history every time; after the
 *       span come the input messages its thread does not hold yet ({@link dev.tracedeck.importers.chat.KnownMessages}: the first call's whole input,
 *       then what each turn added) and then its output, every choice of it. Messages are numbered by their position
 *       in the thread's history and point at the attribute that holds them ({@code …/spans/3/attributes/7}). An
 *       agent's span ({@code invoke_agent}, OpenInference {@code AGENT}/{@code CHAIN}) sums up the calls inside it,
 *       so its messages count only in a thread where no model call records any, but for what no call holds: its
 *       instructions where no call inside it sends a system message, its answer where it made no call and the
 *       thread's last call recorded none ({@code AgentOwnMessages}).</li>
 *   <li><b>Tool calls</b> ({@code tool_call} parts, {@code tool_calls.K.*}) keep their ids, and results
 *       ({@code tool_call_response} parts, {@code tool_call_id}) answer them, so the generic rules pair them: a call
 *       no later input answers is orphaned, a result whose id no call made has no call.</li>
 *   <li><b>Breaks.</b> A JSON Lines line that does not parse is kept malformed, with its line and column, where it
 *       was among the spans (after the span read before it), and the import goes on; a message attribute that does
 *       not read as its convention says is malformed too. A file cut short keeps every span read before the cut and
 *       ends with {@code CUT_SHORT}. A line that is JSON but no trace or logs export (metrics) is {@code other}. An
 *       export without a single span or log record is refused, as a file of no known format is: nothing to check is
 *       no pass.</li>
 *   <li><b>Log records</b> ({@code resourceLogs[].scopeLogs[].logRecords[]}: an OTLP logs export, or its lines among
 *       the trace exports as {@code tracedeck listen} writes them) are {@value #LOG} records placed by their time:
 *       under their span, in its thread, when the file holds the span their ids name; else in the conversation they
 *       name, or their trace's thread. The GenAI events a model call emits instead of message attributes
 *       ({@code gen_ai.user.message} … {@code gen_ai.choice}, {@code gen_ai.client.inference.operation.details}:
 *       {@code LogMessages}) are that call's messages, written after its span as its attributes' would be, each
 *       pointing at its event.</li>
 * </ul>
 */
public final class OtlpImporter implements TraceImporter {

    public static final String FORMAT_ID = "otlp";
    static final String SPAN = SpanWriter.SPAN;
    static final String ERROR = SpanWriter.ERROR;
    static final String LOG = SpanWriter.LOG;
    private static final int HEAD_BYTES = 16 * 1024;

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    /**
     * 98 when a top-level value has {@code resourceSpans} and the head shows its {@code scopeSpans} or
     * {@code spans}; 90 for {@code resourceSpans} alone (a head cut before them); 96 and 88 alike for a logs export
     * ({@code resourceLogs}, its {@code scopeLogs} or {@code logRecords}); else 0. No other format has them.
     */
    @Override
    public int confidence(String head) {
        JsonHead h = JsonHead.of(head);
        if (!h.isJson()) {
            return 0;
        }
        if (OtlpShape.RESOURCE_SPANS.stream().anyMatch(h::hasTopLevelName)) {
            boolean spans = h.hasName("spans") || OtlpShape.SCOPE_SPANS.stream().anyMatch(h::hasName);
            return spans ? 98 : 90;
        }
        if (OtlpShape.RESOURCE_LOGS.stream().anyMatch(h::hasTopLevelName)) {
            boolean records = OtlpShape.LOG_RECORDS.stream().anyMatch(h::hasName)
                    || OtlpShape.SCOPE_LOGS.stream().anyMatch(h::hasName);
            return records ? 96 : 88;
        }
        return 0;
    }

    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        JsonLayout layout = JsonImport.layout(source);
        ChatTraceWriter out = new ChatTraceWriter(source.name(), listener);
        SpanReading reading = new SpanReading(out, layout);
        JsonImport.Result result = new JsonImport(out).read(source, listener, layout,
                Set.copyOf(OtlpShape.streamedPaths()), reading);
        return trace(source, out, reading, result);
    }

    /**
     * Export requests written one per line (the collector's {@code file} exporter, {@code tracedeck listen}'s file) read
     * as they are written; a document is read whole. Every span held is written again at each read, since the next
     * lines' spans may start before them; their messages are read once.
     */
    @Override
    public Optional<GrowingRead> growing(String name, Path file, ImportSource head) throws ImportException {
        if (JsonImport.layout(head) != JsonLayout.LINES) {
            return Optional.empty();
        }
        ChatTraceWriter out = new ChatTraceWriter(name);
        SpanReading reading = new SpanReading(out, JsonLayout.LINES);
        return Optional.of(new GrowingJsonLines(name, file, out, reading, Set.copyOf(OtlpShape.streamedPaths()), null,
                result -> trace(ImportSource.prefix(name, file, result.bytes()), out, reading, result)));
    }

    private Trace trace(ImportSource source, ChatTraceWriter out, SpanReading reading, JsonImport.Result result)
            throws ImportException {
        if (!reading.sawRequest() && !declaresAnExport(source)) {
            throw out.notThisFormat("OTLP trace or logs export (resourceSpans, resourceLogs)");
        }
        if (reading.spans() == 0 && reading.logRecords() == 0) {
            // Nothing to check is no pass: an export without spans is refused like a file of no known format.
            throw new NotThisFormatException(source.name(), result.complete()
                    ? "an OTLP export without a span or a log record"
                    : "an OTLP export cut short before its first span or log record");
        }
        return out.build(FORMAT_ID, result.bytes(), result.lines(), result.complete());
    }

    /** An export with no span hands the reader no value; its head still names {@code resourceSpans} (or logs'). */
    private boolean declaresAnExport(ImportSource source) throws ImportException {
        try (InputStream in = source.open(ImportSource.ByteCounter.NONE)) {
            return confidence(new String(in.readNBytes(HEAD_BYTES), StandardCharsets.UTF_8)) > 0;
        } catch (IOException e) {
            throw ImportException.unreadable(source.name(), e);
        }
    }
}
