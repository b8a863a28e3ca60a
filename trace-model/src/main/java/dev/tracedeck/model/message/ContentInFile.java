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
        Recent recent = RECENT.get();
        String text = recent.get(this);
        if (text == null) {
            byte[] bytes = record.file().readBytes(record.offset(), record.length(), record.checksum());
            text = JsonStringBytes.decode(bytes, start, end);
            if (text.length() <= Recent.MAX_CHARS) {
                recent.put(this, text);
            }
        }
        return text;
    }

    /**
     * The contents each thread read last, up to {@value Recent#SIZE} of them of at most {@value Recent#MAX_CHARS}
     * characters: the rules check a thread one rule after another, each reading its messages again, and decoding them
     * again was most of what checking cost. A content is what was imported (its record's bytes are checked when
     * read), so a kept one is never stale.
     */
    private static final ThreadLocal<Recent> RECENT = ThreadLocal.withInitial(Recent::new);

    /** A small cache by identity, each content in the slot its identity hash picks. */
    private static final class Recent {
        static final int SIZE = 256;
        static final int MAX_CHARS = 16 << 10;
        private final ContentInFile[] keys = new ContentInFile[SIZE];
        private final String[] texts = new String[SIZE];

        String get(ContentInFile key) {
            int slot = slot(key);
            return keys[slot] == key ? texts[slot] : null;
        }

        void put(ContentInFile key, String text) {
            int slot = slot(key);
            keys[slot] = key;
            texts[slot] = text;
        }

        private static int slot(ContentInFile key) {
            return System.identityHashCode(key) & (SIZE - 1);
        }
    }
}
