package dev.tracedeck.model.source;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * An event's text exactly as in its source: held in memory, or a byte range of the source file read again when
 * someone asks for it. A gigabyte of JSON Lines holds every message twice otherwise — as its JSON text and as its
 * content — and the text is only ever read for one event at a time (the detail pane, a finding's evidence), so
 * the JSON importers keep a range where the file can be read again (not a {@code .gz}, not bytes in memory).
 */
public sealed interface SourceText permits SourceText.InMemory, SourceText.InFile {

    SourceText EMPTY = new InMemory("");

    /**
     * The text to show; for a range of the file, read now. A file that no longer holds what was read gives a
     * bracketed sentence saying so ({@link SourceChangedException#placeholder()}): fine to show, never to hash, store
     * or compare — those use {@link #exactText()}.
     */
    String text();

    /**
     * The text exactly as it was read at import; for a range of the file, read now.
     *
     * @throws SourceChangedException when the file no longer holds those bytes (changed, shorter, gone, unreadable)
     */
    String exactText() throws SourceChangedException;

    /** True when {@link #text()} costs nothing: the text is in memory. */
    boolean isHeld();

    /**
     * The text as {@link #text()} gives it, for a pass that reads many events' texts in the order of the file (a
     * search): a range of the file is read with its neighbours, a block at a time ({@link Reread#readBytes}), instead
     * of opening the file for each.
     */
    default String textInPasses() {
        return text();
    }

    static SourceText of(String text) {
        return text.isEmpty() ? EMPTY : new InMemory(text);
    }

    /** Text kept in memory. */
    record InMemory(String text) implements SourceText {
        public InMemory {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public String exactText() {
            return text;
        }

        @Override
        public boolean isHeld() {
            return true;
        }
    }

    /**
     * Bytes {@code [offset, offset + length)} of the source file, UTF-8, with their CRC-32C as read at import, so a
     * file that changed since is noticed rather than shown as if it were the record.
     */
    record InFile(Reread file, long offset, int length, int checksum) implements SourceText {
        public InFile {
            Objects.requireNonNull(file, "file");
            if (offset < 0 || length < 0) {
                throw new IllegalArgumentException("bad byte range " + offset + "+" + length);
            }
        }

        @Override
        public String text() {
            try {
                return exactText();
            } catch (SourceChangedException e) {
                return e.placeholder();
            }
        }

        @Override
        public String exactText() throws SourceChangedException {
            return file.read(offset, length, checksum);
        }

        @Override
        public boolean isHeld() {
            return false;
        }

        @Override
        public String textInPasses() {
            try {
                return new String(file.readBytes(offset, length, checksum), StandardCharsets.UTF_8);
            } catch (SourceChangedException e) {
                return e.placeholder();
            }
        }
    }

    /**
     * Reads a range of one source file again. It gives the bytes read at import or nothing: a file that is gone,
     * unreadable, shorter, or changed (the range's CRC-32C differs from the one taken at import) throws, and
     * {@link InFile#text()} turns that into the sentence a view shows instead.
     */
    @FunctionalInterface
    interface Reread {
        String read(long offset, int length, int checksum) throws SourceChangedException;

        /**
         * The same range as bytes, for what decodes a part of it itself (a message's content inside its record). By
         * default the text encoded again: the bytes read wherever they were valid UTF-8, as the ranges importers keep
         * for that are.
         */
        default byte[] readBytes(long offset, int length, int checksum) throws SourceChangedException {
            return read(offset, length, checksum).getBytes(StandardCharsets.UTF_8);
        }
    }
}
