package dev.tracedeck.importers.json;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The read every JSON importer makes: one {@link ChatTraceWriter}, the importer's {@link JsonImport.Records} streamed
 * through {@link JsonImport}, and the trace built once the importer has checked that the file held what its format is
 * made of (else it refuses the file, so that detection goes on to the next format).
 *
 * @param <R> the importer's records, asked afterwards what they saw
 */
public final class JsonTraceRead<R extends JsonImport.Records> {

    /** Makes an importer's records for one read. */
    @FunctionalInterface
    public interface RecordsFactory<R extends JsonImport.Records> {
        R create(ChatTraceWriter out, JsonLayout layout);
    }

    private final ChatTraceWriter out;
    private final R records;
    private final JsonImport.Result result;

    private JsonTraceRead(ChatTraceWriter out, R records, JsonImport.Result result) {
        this.out = out;
        this.records = records;
        this.result = result;
    }

    /** Reads {@code source} in the layout it starts with, streaming the members named {@code streamed}. */
    public static <R extends JsonImport.Records> JsonTraceRead<R> read(ImportSource source, ImportListener listener,
            Set<String> streamed, RecordsFactory<R> records) throws ImportException {
        return read(source, listener, JsonImport.layout(source), streamed, records);
    }

    /** Reads {@code source} in {@code layout} (an importer that knows better than the sniffed one). */
    public static <R extends JsonImport.Records> JsonTraceRead<R> read(ImportSource source, ImportListener listener,
            JsonLayout layout, Set<String> streamed, RecordsFactory<R> records) throws ImportException {
        ChatTraceWriter out = new ChatTraceWriter(source.name(), listener);
        R made = records.create(out, layout);
        return new JsonTraceRead<>(out, made, new JsonImport(out).read(source, listener, layout, streamed, made));
    }

    /** The first {@code bytes} of {@code source} as text, for a decision the sniffed layout can't make. */
    public static String head(ImportSource source, int bytes) throws ImportException {
        try (InputStream in = source.open(ImportSource.ByteCounter.NONE)) {
            return new String(in.readNBytes(bytes), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw ImportException.unreadable(source.name(), e);
        }
    }

    public R records() {
        return records;
    }

    public ChatTraceWriter out() {
        return out;
    }

    public JsonImport.Result result() {
        return result;
    }

    /** The refusal of a file that held no {@code what}: "no {@code what} in 3 records". */
    public NotThisFormatException notThisFormat(String what) {
        return out.notThisFormat(what);
    }

    public Trace trace(String formatId) {
        return out.build(formatId, result.bytes(), result.lines(), result.complete());
    }

    /** A trace whose histories follow the conventions of another format's API. */
    public Trace trace(String formatId, String conventions) {
        return out.build(formatId, conventions, result.bytes(), result.lines(), result.complete());
    }
}
