package dev.tracedeck.importers.otlp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.LineIndex;
import dev.tracedeck.importers.spans.Origin;
import dev.tracedeck.importers.spans.SpanFileEntry;
import dev.tracedeck.importers.spans.SpanRecords;
import dev.tracedeck.model.source.SourceRef;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One import's reading: collects the spans as the reader hands them over, and writes them all once the file is read
 * ({@code SpanWriter}, through {@link SpanRecords}). A streamed document hands over each span ({@code /resourceSpans/0/scopeSpans/0/spans/3}) and
 * the {@code resource} and {@code scope} beside them; a JSON Lines line (or an element of a top-level array) is an
 * export request of its own, walked here.
 */
final class SpanReading extends SpanRecords {

    /** Spans below an export request bound whole: the request, resourceSpans, its entry, scopeSpans, its entry, spans. */
    private static final int SPAN_DEPTH = 6;

    private final JsonLayout layout;
    /** Which of the spans and records read are held: all, or those of one group of a file read in part. */
    private final Predicate<SpanFileEntry> keep;
    private final Map<String, Origin.Resource> resources = new HashMap<>();
    private final Map<String, Origin> origins = new HashMap<>();
    private boolean sawRequest;
    /** The line index of the value being walked, built once for all its spans. */
    private JsonItem.Value indexed;
    private LineIndex index;

    SpanReading(ChatTraceWriter out, JsonLayout layout) {
        this(out, layout, entry -> true);
    }

    SpanReading(ChatTraceWriter out, JsonLayout layout, Predicate<SpanFileEntry> keep) {
        super(out);
        this.layout = layout;
        this.keep = keep;
    }

    /**
     * True when the file showed an OTLP trace or logs export at all (a span, a log record, or a {@code resourceSpans}
     * or {@code resourceLogs} member).
     */
    boolean sawRequest() {
        return sawRequest;
    }

    @Override
    public void value(JsonItem.Value value, SourceRef source) {
        if (layout == JsonLayout.OBJECT) {
            member(value, source);
            return;
        }
        java.util.Optional<String> misfit = value.node().isObject() && value.node().has("resourceLogs")
                || value.node().has("resource_logs") ? OtlpRequestShape.logsProblem(value.node())
                : OtlpRequestShape.tracesProblem(value.node());
        if (misfit.isPresent()) {
            // A request of the format whose shape is not OTLP's: one record not read, saying where, never dropped.
            sawRequest = true;
            malformedLine(out, source, value.text(), "not an OTLP export request: " + misfit.get());
            return;
        }
        boolean request = OtlpShape.walk(value.node(), value.pointer(), (span, origin, pointer) -> {
            SourceRef at = lines(value, pointer);
            SpanFileEntry.Span read = OtlpShape.span(span, origin, at, span.toString(), nextOrder());
            if (keep.test(read)) {
                hold(read);
            }
        });
        boolean logs = !request && OtlpShape.walkLogs(value.node(), value.pointer(), (record, origin, pointer) -> {
            SourceRef at = lines(value, pointer);
            SpanFileEntry.Log read = OtlpShape.logRecord(record, origin, at, record.toString(), nextOrder());
            if (keep.test(read)) {
                hold(read);
            }
        });
        if (request || logs) {
            sawRequest = true;
        } else {
            out.other(source, value.text(), "valid JSON, but no OTLP trace or logs export (resourceSpans, resourceLogs)");
        }
    }

    /** A member of a streamed document, or a part of one: a span, a resource, a scope, or what OTLP adds beside. */
    private void member(JsonItem.Value value, SourceRef source) {
        boolean logs = OtlpShape.RESOURCE_LOGS.contains(value.member());
        if (!logs && !OtlpShape.RESOURCE_SPANS.contains(value.member())) {
            return;
        }
        sawRequest = true;
        String[] at = value.pointer().split("/", -1);
        String misplaced = notWalked(at, value.node(), logs);
        if (misplaced != null) {
            malformedLine(out, source, value.text(), "not an OTLP export request: " + value.pointer() + " is "
                    + JsonFields.kind(value.node()) + ", not " + misplaced);
            return;
        }
        // "", resourceSpans, i, scopeSpans, j, spans, k (or resourceLogs, i, scopeLogs, j, logRecords, k)
        String resource = at[1] + "/" + (at.length > 2 ? at[2] : "");
        if (at.length == 7 && (at[5].equals("spans") && !logs || OtlpShape.LOG_RECORDS.contains(at[5]) && logs)) {
            java.util.Optional<String> misfit = OtlpRequestShape.recordProblem(value.node(), value.pointer(), logs);
            if (misfit.isPresent()) {
                malformedLine(out, source, value.text(), "not an OTLP " + (logs ? "log record" : "span") + ": "
                        + misfit.get());
            } else if (logs) {
                hold(OtlpShape.logRecord(value.node(), origin(resource, at[4]), source, value.text(), nextOrder()));
            } else {
                hold(OtlpShape.span(value.node(), origin(resource, at[4]), source, value.text(), nextOrder()));
            }
        } else if (at.length == 4 && at[3].equals("resource")) {
            resource(resource).attributes(OtlpShape.resource(value.node()));
        } else if (at.length == 6 && OtlpShape.SCOPE.contains(at[5])) {
            origin(resource, at[4]).scope(OtlpShape.scope(value.node()));
        }
    }

    /**
     * What a value handed over whole should have been, where the document's lists and objects are: a list the reader
     * walks ({@code resourceSpans}, an entry's {@code scopeSpans}, a scope's {@code spans}) comes whole only when it is
     * no list, and a {@code resource} or {@code scope} must be an object. Null for a value that may be there (anything
     * else OTLP adds beside, read or not, and null for what an exporter leaves empty).
     */
    private static String notWalked(String[] at, JsonNode node, boolean logs) {
        if (node.isNull()) {
            return null;
        }
        List<String> lists = logs ? OtlpShape.SCOPE_LOGS : OtlpShape.SCOPE_SPANS;
        boolean list = at.length == 2 || at.length == 4 && lists.contains(at[3])
                || at.length == 6 && (logs ? OtlpShape.LOG_RECORDS.contains(at[5]) : at[5].equals("spans"));
        if (list && !node.isArray()) {
            return "a list";
        }
        boolean object = at.length == 4 && at[3].equals("resource") || at.length == 6 && OtlpShape.SCOPE.contains(at[5]);
        return object && !node.isObject() ? "an object" : null;
    }

    /** The resource of a {@code resourceSpans} or {@code resourceLogs} entry, by its pointer ({@code resourceLogs/0}). */
    private Origin.Resource resource(String entry) {
        return resources.computeIfAbsent(entry, k -> new Origin.Resource());
    }

    private Origin origin(String entry, String j) {
        return origins.computeIfAbsent(entry + "/" + j, k -> new Origin(resource(entry)));
    }

    /** A span's lines within a request bound whole: the line of a JSON Lines line, its own in a pretty array. */
    private SourceRef lines(JsonItem.Value value, String pointer) {
        if (value.firstLine() == value.lastLine()) {
            return new SourceRef(out.file(), value.firstLine(), value.lastLine(), pointer);
        }
        if (indexed != value) {
            indexed = value;
            index = LineIndex.of(value.text(), value.firstLine(), value.pointer(), SPAN_DEPTH);
        }
        return new SourceRef(out.file(), index.firstLine(pointer), Math.max(index.firstLine(pointer), index.lastLine(pointer)), pointer);
    }
}
