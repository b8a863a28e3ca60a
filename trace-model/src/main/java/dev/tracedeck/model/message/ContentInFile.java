package dev.tracedeck.model.message;

import dev.tracedeck.model.json.JsonStringBytes;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.source.SourceText;

/**
 * Reads back a message's content left in its file ({@link Message#withContentInFile}): the JSON string at bytes
 * {@code [start, end)} (its characters, between the quotes) of the message's record, itself a range of the file.
 * The record is read, checked to be the bytes that were imported ({@link SourceText.InFile}), and the string decoded.
 */
final class ContentInFile {

    private ContentInFile() {
    }

    /**
     * The content exactly as imported.
     *
     * @throws SourceChangedException when the file no longer holds the record's bytes
     */
    static String read(Message message, SourceText.InFile record, int start, int end) throws SourceChangedException {
        Recent recent = RECENT.get();
        String text = recent.get(message);
        if (text == null) {
            byte[] bytes = record.file().readBytes(record.offset(), record.length(), record.checksum());
            text = JsonStringBytes.decode(bytes, start, end);
            if (text.length() <= Recent.MAX_CHARS) {
                recent.put(message, text);
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

    /** A small cache by the message's identity, each content in the slot its identity hash picks. */
    private static final class Recent {
        static final int SIZE = 256;
        static final int MAX_CHARS = 16 << 10;
        private final Message[] keys = new Message[SIZE];
        private final String[] texts = new String[SIZE];

        String get(Message key) {
            int slot = slot(key);
            return keys[slot] == key ? texts[slot] : null;
        }

        void put(Message key, String text) {
            int slot = slot(key);
            keys[slot] = key;
            texts[slot] = text;
        }

        private static int slot(Message key) {
            return System.identityHashCode(key) & (SIZE - 1);
        }
    }
}
