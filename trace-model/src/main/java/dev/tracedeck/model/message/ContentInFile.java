package dev.tracedeck.model.message;

import dev.tracedeck.model.json.JsonStringBytes;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.source.SourceText;
import java.util.Objects;

/**
 * A message's content left in its file: the JSON string at bytes {@code [start, end)} (its characters, between the
 * quotes) of the message's record, itself a range of the file read again when asked for. The contents of a big
 * JSON Lines file are most of its bytes, and a batch command or a view reads few of them, each once: holding them
 * all took more memory than the file's size. Reading one back reads its record, checks it is the bytes that were
 * imported ({@link SourceText.InFile}) and decodes the string.
 *
 * @param record the message's record in the file, as its event keeps it
 */
public record ContentInFile(SourceText.InFile record, int start, int end) {

    public ContentInFile {
        Objects.requireNonNull(record, "record");
        if (start < 0 || end < start || end > record.length()) {
            throw new IllegalArgumentException("bad content range " + start + ".." + end + " of " + record.length());
        }
    }

    /**
     * The content; when the file no longer holds the record as it was read, the bracketed sentence saying so
     * ({@link SourceChangedException#placeholder()}), as {@link SourceText#text()} gives for the record.
     */
    public String text() {
        try {
            return exactText();
        } catch (SourceChangedException e) {
            return e.placeholder();
        }
    }

    /**
     * The content exactly as imported.
     *
     * @throws SourceChangedException when the file no longer holds the record's bytes
     */
    public String exactText() throws SourceChangedException {
        byte[] bytes = record.file().readBytes(record.offset(), record.length(), record.checksum());
        return JsonStringBytes.decode(bytes, start, end);
    }
}
