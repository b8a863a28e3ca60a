package dev.tracedeck.importers.spans;

import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.GrowingJsonLines;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.model.source.SourceRef;
import java.util.ArrayList;
import java.util.List;

/**
 * One span import's reading, whatever the file's shape: a format's reader turns each record it is handed into
 * {@link SpanFileEntry.Span}s ({@link #hold}), and once the file is read they are all written at once ({@link SpanWriter}),
 * with the JSON Lines lines that did not parse put back where they were among them.
 */
public abstract class SpanRecords implements GrowingJsonLines.Resumable {

    protected final ChatTraceWriter out;
    private final List<SpanFileEntry> held = new ArrayList<>();
    private SpanWriter writer;
    private boolean written;
    private long spans;
    private long logRecords;
    /** What was read of the spans, for a file read as it grows, whose spans are written again at each read; null once. */
    private SpanMemo memo;

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

    /** A log record, written among the spans by its time (joined to its span where it names one). */
    protected final void hold(SpanFileEntry.Log log) {
        held.add(log);
        logRecords++;
    }

    /** How many log records were held. */
    public final long logRecords() {
        return logRecords;
    }

    @Override
    public String threadOfBrokenLine(int line) {
        return writer.lastThread();
    }

    @Override
    public String lastThread() {
        return writer.lastThread();
    }

    /** SpanFileEntry until the spans are written, to go back among them where it was in the file. */
    @Override
    public void malformedLine(ChatTraceWriter out, SourceRef source, String text, String reason) {
        if (written) {
            out.malformed(writer.lastThread(), source, text, reason);
        } else {
            held.add(new SpanFileEntry.BrokenLine(held.size(), source, text, reason));
        }
    }

    /**
     * What a format knows of its spans only once all are read, said before they are written: it may replace any of
     * {@code held} (a span read otherwise in the light of the others). Nothing by default.
     */
    protected void beforeWriting(List<SpanFileEntry> held) {
    }

    @Override
    public void end(JsonRecordReader reader) {
        written = true;
        beforeWriting(held);
        writer.write(held);
        if (memo == null) {
            // The events hold what the trace needs now.
            held.clear();
        }
    }

    /** Ending writes every span held; taken back, they are held still, to be written with those that come. */
    @Override
    public Runnable checkpoint() {
        if (memo == null) {
            memo = new SpanMemo();
            writer = new SpanWriter(out, memo);
        }
        return () -> {
            written = false;
            writer = new SpanWriter(out, memo);
        };
    }
}
