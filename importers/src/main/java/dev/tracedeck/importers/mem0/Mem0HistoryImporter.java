package dev.tracedeck.importers.mem0;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.importers.json.JsonTraceImporter;
import dev.tracedeck.importers.json.JsonTraceRead;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.sniff.JsonHead;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.trace.Trace;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Imports mem0 history exports ({@value #FORMAT_ID}): the rows {@code Memory.history(memory_id)} returns
 * ({@link HistoryRow}), as a JSON array or JSON Lines, for one memory or many. Each row is an event named
 * {@code mem0 ADD}, {@code mem0 UPDATE} or {@code mem0 DELETE}, in the order the rows happened (a memory's rows
 * concatenated after another's are put back in time order; rows at the same time keep the file's order). All rows are
 * one thread, {@value #THREAD}: memories are shared by the actors ({@code actor_id}, the speaker a fact came from),
 * and a memory split across threads would lose the chain of its values. A row whose fields are not mem0's is kept in
 * its place as malformed.
 */
public final class Mem0HistoryImporter implements JsonTraceImporter {

    public static final String FORMAT_ID = "mem0-history";
    /** The event name of a row: this and the row's {@code event}. */
    public static final String ROW = "mem0";
    static final String THREAD = "history";

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    /**
     * 95 for what only mem0's history holds: a {@code memory_id}, an {@code event} of ADD, UPDATE or DELETE and an
     * {@code old_memory} or {@code new_memory}; else 0.
     */
    @Override
    public int confidence(JsonHead h, String head) {
        boolean event = h.valuesOf("event").stream().anyMatch(HistoryRow.EVENTS::contains);
        return h.hasName("memory_id") && event && (h.hasName("old_memory") || h.hasName("new_memory")) ? 95 : 0;
    }

    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        JsonTraceRead<Reading> read = JsonTraceRead.read(source, listener, Set.of(), Reading::new);
        if (read.records().rows == 0) {
            throw read.notThisFormat("mem0 history row");
        }
        return read.trace(FORMAT_ID);
    }

    /**
     * A record as read, written once all are read: a row with its moment, or a record kept as it is, after the row
     * before it.
     */
    private record Held(HistoryRow row, Instant at, SourceRef source, SourceText text, JsonNode node, String problem,
                        boolean other) {
    }

    /** One import: the records held in file order until the end, then written in time order. */
    private static final class Reading implements JsonImport.Records {
        private final ChatTraceWriter out;
        private final JsonLayout layout;
        private final ObjectNode members = JsonNodeFactory.instance.objectNode();
        private final List<Held> held = new ArrayList<>();
        private Instant last = Instant.MIN;
        private int rows;

        Reading(ChatTraceWriter out, JsonLayout layout) {
            this.out = out;
            this.layout = layout;
        }

        @Override
        public void value(JsonItem.Value value, SourceRef source) {
            if (layout == JsonLayout.OBJECT) {
                members.set(value.member(), value.node());
            } else {
                record(value.node(), source, value.sourceText());
            }
        }

        private void record(JsonNode node, SourceRef source, SourceText text) {
            if (!HistoryRow.isRow(node)) {
                held.add(new Held(null, last, source, text, node, "valid JSON, but not a mem0 history row", true));
                return;
            }
            rows++;
            try {
                HistoryRow row = HistoryRow.of(node);
                // A row whose time can't be read stays after the row before it.
                last = row.instant().orElse(last);
                held.add(new Held(row, last, source, text, node, "", false));
            } catch (MalformedRecordException e) {
                held.add(new Held(null, last, source, text, node, e.getMessage(), false));
            }
        }

        @Override
        public void malformedLine(ChatTraceWriter writer, SourceRef source, String text, String reason) {
            held.add(new Held(null, last, source, SourceText.of(text), null, reason, false));
        }

        @Override
        public String threadOfBrokenLine(int line) {
            return THREAD;
        }

        @Override
        public String lastThread() {
            return THREAD;
        }

        @Override
        public void end(JsonRecordReader reader) {
            if (layout == JsonLayout.OBJECT && !members.isEmpty()) {
                SourceRef whole = new SourceRef(out.file(), reader.documentFirstLine(),
                        Math.max(reader.documentFirstLine(), reader.documentLastLine()), "");
                record(members, whole, SourceText.of(members.toString()));
            }
            // A stable sort: rows at the same moment, and each kept record after its row, keep the file's order.
            held.sort(Comparator.comparing(Held::at));
            for (Held h : held) {
                if (h.row() != null) {
                    out.record(EventKind.JSON, ROW, ROW + " " + h.row().event(), THREAD, h.source(), h.text(),
                            JsonValues.from(h.node()), h.row().time());
                } else if (h.other()) {
                    out.other(THREAD, h.source(), h.text(), h.problem());
                } else {
                    out.malformed(THREAD, h.source(), h.text(), h.problem());
                }
            }
            held.clear();
        }
    }
}
