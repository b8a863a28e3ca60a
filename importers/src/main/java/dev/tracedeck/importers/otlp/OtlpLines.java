package dev.tracedeck.importers.otlp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.spans.SpanFileEntry;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Some lines of an OTLP/JSON Lines file (one export request a line, as {@code tracedeck listen} writes them) read on
 * their own, for a reader that checks a file growing by many threads at once without reading all of it each time:
 * {@link #keys} says which traces and conversations a request's spans and records belong to, and {@link #read} reads
 * the lines of one group of them, each at its own line number, as the whole file's import reads them. The threads of
 * a group are the threads a whole read gives those traces, as long as the group holds every trace that shares a
 * conversation with one of them (what the keys tie together) and no trace of it continues another by its messages
 * alone, which only a whole read can see.
 */
public final class OtlpLines {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One line of the file: its number (from 1), and its text. */
    public record Line(int number, String text) {
    }

    private OtlpLines() {
    }

    /**
     * The keys that tie an export request's spans and log records into groups, per span or record: its trace
     * ({@code trace:ID}) and, when it names one, its conversation ({@code conversation:ID}). Lines whose keys meet
     * belong to one group.
     */
    public static List<Set<String>> keys(JsonNode request) {
        List<Set<String>> keys = new ArrayList<>();
        OtlpShape.walk(request, "", (span, origin, pointer) ->
                keys.add(keys(OtlpShape.span(span, origin, new SourceRef("", 1, 1, pointer), "", 0))));
        OtlpShape.walkLogs(request, "", (record, origin, pointer) ->
                keys.add(keys(OtlpShape.logRecord(record, origin, new SourceRef("", 1, 1, pointer), "", 0))));
        return keys;
    }

    private static Set<String> keys(SpanFileEntry entry) {
        if (entry instanceof SpanFileEntry.Span span) {
            return keys(span.traceId(), span.conversation());
        }
        SpanFileEntry.Log log = (SpanFileEntry.Log) entry;
        return keys(log.traceId(), log.conversation());
    }

    private static Set<String> keys(String trace, String conversation) {
        Set<String> keys = new LinkedHashSet<>();
        if (!trace.isEmpty()) {
            keys.add("trace:" + trace);
        }
        if (!conversation.isEmpty()) {
            keys.add("conversation:" + conversation);
        }
        return keys;
    }

    /**
     * The trace of the spans and records of these lines of {@code file} that have one of {@code group}'s keys, the
     * lines in their order in the file, each read as the whole file's import reads it.
     */
    public static Trace read(String file, List<Line> lines, Set<String> group) {
        ChatTraceWriter out = new ChatTraceWriter(file);
        SpanReading reading = new SpanReading(out, JsonLayout.LINES,
                entry -> keys(entry).stream().anyMatch(group::contains));
        long bytes = 0;
        int last = 0;
        for (Line line : lines) {
            SourceRef at = new SourceRef(file, line.number(), line.number(), "");
            bytes += line.text().length() + 1;
            last = Math.max(last, line.number());
            JsonNode node;
            try {
                node = MAPPER.readTree(line.text());
            } catch (JsonProcessingException e) {
                reading.malformedLine(out, at, line.text(), "not JSON: " + e.getOriginalMessage());
                continue;
            }
            reading.value(new JsonItem.Value(node, line.text(), line.number(), line.number(), 1, "", ""), at);
        }
        reading.end(null);
        return out.build(OtlpImporter.FORMAT_ID, bytes, last, true);
    }
}
