package dev.tracedeck.importers.spans;

import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.model.source.SourceRef;
import java.util.ArrayList;
import java.util.List;

/**
 * One span import's reading, whatever the file's shape: a format's reader turns each record it is handed into
 * {@link SpanFileEntry.Span}s ({@link #hold}), and once the file is read they are all written at once ({@link SpanWriter}),
 * with the JSON Lines lines that did not parse put back where they were among them.
 */
public abstract class SpanRecords implements JsonImport.Records {

    protected final ChatTraceWriter out;
    private final List<SpanFileEntry> held = new ArrayList<>();
    private final SpanWriter writer;
    private boolean written;
    private long spans;

    protected SpanRecords(ChatTraceWriter out) {
        this.out = out;
        this.writer = new SpanWriter(out);
    }

    /** How many spans were held. */
    public final long spans() {
        return spans;
    }

    /** The position the next span held takes, for {@link SpanFileEntry.Span#order}. */
    protected final long nextOrder() {
        return held.size();
    }

    protected final void hold(SpanFileEntry.Span span) {
        held.add(span);
        spans++;
    }

    @Override
    public String threadOfBrokenLine(int line) {
        return writer.lastThread();
    }

    @Override
    public String lastThread() {
        return writer.lastThread();
    }

    /** Held until the spans are written, to go back among them where it was in the file. */
    @Override
    public void malformedLine(ChatTraceWriter out, SourceRef source, String text, String reason) {
        if (written) {
            out.malformed(writer.lastThread(), source, text, reason);
        } else {
            held.add(new SpanFileEntry.BrokenLine(held.size(), source, text, reason));
        }
    }

    @Override
    public void end(JsonRecordReader reader) {
        written = true;
        writer.write(held);
        // The events hold what the trace needs now.
        held.clear();
    }
}
