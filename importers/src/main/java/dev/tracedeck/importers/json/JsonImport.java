package dev.tracedeck.importers.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.ImportCancelledException;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.importers.SourceStream;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.sniff.JsonLinesPreamble;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The reading loop the JSON chat importers share: sniffs the layout, streams the records through a
 * {@link Records} handler, reports progress and honours cancellation; and the handling of JSON that breaks. A JSON
 * Lines line that does not parse is a malformed record and the import goes on; a last line cut inside its value, a
 * document that ends inside a value and a {@code .gz} that ends early end the trace with a {@code CUT_SHORT} record;
 * bytes after a {@code .gz}'s data that are not gzip data are a malformed record after the last one read. The lines
 * of text a {@link JsonLinesPreamble} puts before a JSON Lines file's first record are {@code other} records.
 */
public final class JsonImport {

    private static final int CANCEL_CHECK_RECORDS = 256;

    /** What an importer does with each record; see {@link JsonImport#read}. */
    public interface Records {
        /** A value read whole, with where it is. */
        void value(JsonItem.Value value, SourceRef source);

        /** The thread a JSON Lines line that does not parse at {@code line} belongs to. */
        String threadOfBrokenLine(int line);

        /** The thread being read when the file was cut short. */
        String lastThread();

        /**
         * Keeps a JSON Lines line that does not parse as a malformed record: by default at once, in
         * {@link #threadOfBrokenLine}'s thread. An importer that writes its records only once all are read, in an
         * order of its own, overrides this to place the line among them.
         */
        default void malformedLine(ChatTraceWriter out, SourceRef source, String text, String reason) {
            out.malformed(threadOfBrokenLine(source.firstLine()), source, text, reason);
        }

        /**
         * Keeps a line of a {@link JsonLinesPreamble} as an {@code other} record: by default at once, in no thread. An
         * importer that knows which thread the lines at the top of its files belong to overrides this.
         */
        default void preambleLine(ChatTraceWriter out, SourceRef source, String text, String reason) {
            out.other(source, SourceText.of(text), reason);
        }

        /** Called once all records are read (also when the document broke), before a break or cut is reported. */
        default void end(JsonRecordReader reader) {
        }
    }

    /**
     * What to make of a JSON Lines value on the thread that parsed it, ahead of the import thread (see
     * {@code LinePipeline}): the pure part of turning a record into events — parsing its messages, writing its
     * other members — so that the import thread is left with what depends on the records before it (thread names,
     * positions). It must read and write nothing shared; the importer finds the result in
     * {@link JsonItem.Value#prepared()}, which is null where nothing prepared the value (a document's values).
     */
    @FunctionalInterface
    public interface Preparer {
        Object prepare(JsonItem.Value value);

        /**
         * A JSON Lines line read straight from its bytes, with no tree, by an importer that can tell what it is that
         * way (most lines of a big file, read in their usual shape); null to have the line bound as a tree and
         * {@link #prepare}d. Runs where {@link #prepare} does, under the same rules.
         *
         * @param line     the line's bytes, without its end
         * @param position where the line starts in the file
         * @param file     the file, to keep texts as ranges of; null when it can't be read again (keep them)
         */
        default LineRead read(byte[] line, long position, SourceText.Reread file) {
            return null;
        }
    }

    /**
     * What a {@link Preparer} read from a line's bytes: the line's members besides its streamed ones (the value's
     * {@link JsonItem.Value#node()}) and what {@link Preparer#prepare} would have made of the line.
     */
    public record LineRead(ObjectNode members, Object prepared) {

        public LineRead {
            Objects.requireNonNull(members);
            Objects.requireNonNull(prepared);
        }
    }

    /** What a read found: the layout, bytes and lines, and whether the whole file was read. */
    public record Result(JsonLayout layout, long bytes, long lines, boolean complete) {
    }

    private final ChatTraceWriter out;
    private JsonLayout layout;
    private JsonItem.Broken pendingCut;
    /** Where a document stopped parsing; reported after the records read before it. */
    private JsonItem.Broken documentBreak;
    private boolean cut;
    /** Lines of a {@link JsonLinesPreamble} read so far, and whether anything else has been: that ends it. */
    private int preambleLines;
    private boolean dataSeen;

    public JsonImport(ChatTraceWriter out) {
        this.out = out;
    }

    /** The layout of {@code source}; refuses a file that does not start with an object or an array. */
    public static JsonLayout layout(ImportSource source) throws ImportException {
        JsonLayout layout;
        try (InputStream head = source.open(ImportSource.ByteCounter.NONE)) {
            layout = JsonLayout.sniff(head);
        } catch (IOException e) {
            throw ImportException.unreadable(source.name(), e);
        }
        if (layout == JsonLayout.NOT_JSON) {
            throw new NotThisFormatException(source.name(), "does not start with a JSON object or array");
        }
        return layout;
    }

    public Result read(ImportSource source, ImportListener listener, JsonLayout layout, Set<String> streamed,
                       Records records) throws ImportException {
        return read(source, listener, layout, streamed, records, null);
    }

    /** Reads with {@code preparer} run on each JSON Lines value where it is parsed (null: none). */
    public Result read(ImportSource source, ImportListener listener, JsonLayout layout, Set<String> streamed,
                       Records records, Preparer preparer) throws ImportException {
        this.layout = layout;
        long[] bytes = new long[1];
        SourceStream in = source.open(total -> {
            bytes[0] = total;
            listener.progress(total, source.size());
        });
        long lines;
        try (JsonRecordReader reader = new JsonRecordReader(in, layout, streamed, source.reread().orElse(null),
                preparer)) {
            JsonItem item;
            int count = 0;
            while ((item = reader.next()) != null) {
                if (++count % CANCEL_CHECK_RECORDS == 0 && listener.isCancelled()) {
                    throw new ImportCancelledException(source.name());
                }
                accept(item, records);
            }
            lines = reader.lines();
            finish(reader, in.endedEarly(), in.trailingBytes(), records);
        } catch (IOException e) {
            throw new ImportException(source.name(), 0, "read failed: " + e.getMessage(), e);
        }
        listener.progress(bytes[0], source.size());
        return new Result(layout, bytes[0], lines, !cut);
    }

    private void accept(JsonItem item, Records records) {
        if (pendingCut != null) {
            brokenLine(pendingCut, records);
            pendingCut = null;
        }
        if (isPreamble(item)) {
            preambleLines++;
            JsonItem.Broken line = (JsonItem.Broken) item;
            records.preambleLine(out, new SourceRef(out.file(), line.line(), line.line()), line.text(),
                    "a line of text before the JSON Lines data (a note put on top of the file): no record");
            return;
        }
        dataSeen = true;
        if (item instanceof JsonItem.Broken broken) {
            if (layout == JsonLayout.LINES && broken.endOfInput()) {
                pendingCut = broken;
            } else if (layout == JsonLayout.LINES) {
                brokenLine(broken, records);
            } else {
                documentBreak = broken;
            }
            return;
        }
        if (item instanceof JsonItem.Repeated repeated) {
            repeated(repeated, records);
            return;
        }
        JsonItem.Value value = (JsonItem.Value) item;
        SourceRef source = new SourceRef(out.file(), value.firstLine(), value.lastLine(), value.pointer());
        String notARecord = notARecord(value);
        if (notARecord != null) {
            records.malformedLine(out, source, value.text(), notARecord);
            return;
        }
        records.value(value, source);
        value.repeated().forEach(r -> repeated(r, records));
    }

    /**
     * Why a value where the format has its records (a JSON Lines line, a value of a sequence, an element of the
     * top-level array or of a streamed one) can be none: a number, a string, a boolean or null, or a list with nothing
     * but those in it. Every format's records are objects (a few formats' lists of them), so such a value is a record
     * that broke, not one of a kind the format does not know; null for anything else.
     */
    private String notARecord(JsonItem.Value value) {
        boolean recordPlace = layout == JsonLayout.LINES || layout == JsonLayout.SEQUENCE
                || !lastIndex(value.pointer()).isEmpty();
        if (!recordPlace) {
            return null;
        }
        JsonNode node = value.node();
        String what = layout == JsonLayout.LINES ? "the line" : "the record";
        if (!node.isContainerNode()) {
            return what + " is " + JsonFields.kind(node) + ", not an object";
        }
        if (node.isArray() && !node.isEmpty()) {
            for (JsonNode element : node) {
                if (element.isContainerNode()) {
                    return null;
                }
            }
            return what + " is a list of " + JsonFields.kind(node.get(0)).replaceFirst("^an? ", "")
                    + (node.size() > 1 ? "s" : "") + ", not of records";
        }
        return null;
    }

    /** The pointer's last segment when it is an array index ({@code /messages/3}: "3"), else "". */
    private static String lastIndex(String pointer) {
        int slash = pointer.lastIndexOf('/');
        String last = pointer.substring(slash + 1);
        return slash >= 0 && !last.isEmpty() && last.chars().allMatch(c -> c >= '0' && c <= '9') ? last : "";
    }

    /**
     * One of the first lines of a JSON Lines file, before any record, that does not start like JSON: a
     * {@link JsonLinesPreamble} line, which is no record of any format (a line of JSON that breaks is a record that
     * broke, and ends the preamble).
     */
    private boolean isPreamble(JsonItem item) {
        if (dataSeen || layout != JsonLayout.LINES || preambleLines >= JsonLinesPreamble.MAX_LINES
                || !(item instanceof JsonItem.Broken broken) || broken.endOfInput()) {
            return false;
        }
        return JsonLinesPreamble.isText(broken.text());
    }

    /** A member named twice in one object: the second was not read, which no thread may pass over. */
    private void repeated(JsonItem.Repeated repeated, Records records) {
        records.malformedLine(out, SourceRef.line(out.file(), repeated.line()), "", repeated.reason());
    }

    private void brokenLine(JsonItem.Broken broken, Records records) {
        records.malformedLine(out, new SourceRef(out.file(), broken.line(), broken.line()), broken.text(),
                broken.column() == JsonItem.Broken.NOT_PARSED ? broken.reason()
                        : "not valid JSON at column " + broken.column() + ": " + broken.reason());
    }

    /** A document that stopped parsing: nothing after this point can be read. */
    private void endDocument(JsonItem.Broken broken, Records records) {
        if (broken.endOfInput()) {
            cut = true;
            out.cutShort(records.lastThread(), broken.line(), broken.column(), broken.reason());
        } else {
            out.malformed(records.lastThread(), SourceRef.line(out.file(), broken.line()), "",
                    "not valid JSON at line " + broken.line() + ", column " + broken.column() + ": "
                            + broken.reason() + "; the rest of the document was not read");
        }
    }

    /**
     * Reads on in a JSON Lines file that grows: the whole lines {@code reader} gives (see
     * {@link JsonRecordReader#continuingLines}), after those read before. Returns the lines read so far.
     */
    long readOn(JsonRecordReader reader, Records records) throws IOException {
        layout = JsonLayout.LINES;
        JsonItem item;
        while ((item = reader.next()) != null) {
            accept(item, records);
        }
        return reader.lines();
    }

    /**
     * Ends the reading where it is, as the end of the file there would ({@link #readOn}); undone by a
     * {@link #checkpoint()} taken before. True when what was read is whole: its last line is not cut inside its value.
     */
    boolean endHere(JsonRecordReader reader, Records records) {
        finish(reader, Optional.empty(), Optional.empty(), records);
        return !cut;
    }

    /** What ending the reading changes here, put back by the returned action. */
    Runnable checkpoint() {
        JsonItem.Broken pendingCutThen = pendingCut;
        JsonItem.Broken documentBreakThen = documentBreak;
        boolean cutThen = cut;
        return () -> {
            pendingCut = pendingCutThen;
            documentBreak = documentBreakThen;
            cut = cutThen;
        };
    }

    private void finish(JsonRecordReader reader, Optional<String> endedEarly, Optional<String> trailingBytes,
                        Records records) {
        records.end(reader);
        if (documentBreak != null) {
            endDocument(documentBreak, records);
        }
        if (pendingCut != null && endedEarly.isEmpty()) {
            cut = true;
            // A cut last line is a broken line: in the thread a line that broke there belongs to.
            out.cutShort(records.threadOfBrokenLine(pendingCut.line()), pendingCut.line(), pendingCut.column(),
                    "the last line ends inside its JSON value (" + pendingCut.reason() + ")");
            pendingCut = null;
        } else if (pendingCut != null) {
            brokenLine(pendingCut, records);
        }
        endedEarly.ifPresent(why -> {
            if (!cut) {
                cut = true;
                out.cutShort(records.lastThread(), (int) Math.max(1, reader.lines()), 1, why);
            }
        });
        // What decoded is kept; the bytes after it were not read, so no thread passes as if they had been.
        trailingBytes.ifPresent(why -> out.malformed(records.lastThread(),
                SourceRef.line(out.file(), (int) Math.max(1, reader.lines())), "", why));
    }
}
