package dev.tracedeck.importers.recording;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.importers.json.JsonTraceImporter;
import dev.tracedeck.importers.json.JsonTraceRead;
import dev.tracedeck.importers.sniff.JsonHead;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.Trace;
import java.util.Set;

/**
 * Imports provider SDK recordings ({@value #FORMAT_ID}): the HTTP exchanges an SDK's tests keep as snapshots, each
 * {@code {"request": {"method", "url", "headers", "body"}, "response": {"status_code", "headers", "body"}}}, as the
 * Anthropic Python SDK's {@code __inline_snapshot__} files hold them: a JSON array of exchanges (streamed one by one),
 * JSON Lines of them, or one exchange. The recording is one thread, {@value #THREAD}; each exchange is read as
 * {@link Exchanges} says. A recording of OpenAI Responses exchanges follows that API's conventions
 * ({@link dev.tracedeck.model.trace.ImportReport#conventions()}), so it is judged as {@code openai-responses} traces
 * are: the format stays the one read, the rules are the API's.
 */
public final class RecordingImporter implements JsonTraceImporter {

    public static final String FORMAT_ID = "sdk-recording";
    static final String THREAD = "recording";

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    /**
     * 96 for HTTP exchanges: {@code request} and {@code response} side by side at the top of a record, with a
     * {@code body} and the request's {@code url} or {@code method} or the response's {@code status_code}; else 0.
     * Above the provider formats, whose messages the bodies hold.
     */
    @Override
    public int confidence(JsonHead h, String head) {
        boolean exchange = h.hasTopLevelName("request") && h.hasTopLevelName("response") && h.hasName("body");
        return exchange && (h.hasName("url") || h.hasName("method") || h.hasName("status_code")) ? 96 : 0;
    }

    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        JsonTraceRead<Reading> read = JsonTraceRead.read(source, listener, Set.of(), Reading::new);
        if (read.records().exchanges.count() == 0) {
            throw read.notThisFormat("recorded request and response");
        }
        return read.trace(FORMAT_ID, read.records().exchanges.conventions().orElse(""));
    }

    /** One import's state: the recording's exchanges, and a one-exchange document's members. */
    private static final class Reading implements JsonImport.Records {
        private final ChatTraceWriter out;
        private final JsonLayout layout;
        private final Exchanges exchanges;
        private final ObjectNode members = JsonNodeFactory.instance.objectNode();

        Reading(ChatTraceWriter out, JsonLayout layout) {
            this.out = out;
            this.layout = layout;
            this.exchanges = new Exchanges(out, THREAD);
        }

        @Override
        public void value(JsonItem.Value value, SourceRef source) {
            if (layout == JsonLayout.OBJECT) {
                members.set(value.member(), value.node());
            } else if (Exchanges.isExchange(value.node())) {
                exchanges.add(value.node(), source);
            } else {
                out.other(source, value.sourceText(), "valid JSON, but not a recorded request and response");
            }
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
                JsonNode exchange = members.deepCopy();
                if (Exchanges.isExchange(exchange)) {
                    exchanges.add(exchange, whole);
                } else {
                    out.other(whole, exchange.toString(), "valid JSON, but not a recorded request and response");
                }
            }
            exchanges.finish();
        }
    }
}
