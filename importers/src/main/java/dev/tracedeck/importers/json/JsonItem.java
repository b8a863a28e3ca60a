package dev.tracedeck.importers.json;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.model.source.SourceText;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What {@link JsonRecordReader} reads next: one value with where it was, or the place the JSON broke. */
public sealed interface JsonItem {

    /**
     * One value bound on its own: a JSON Lines line, an element of a top-level array, or a member of a
     * top-level object (an element of a streamed member array is a value of its own). Its text is decoded only
     * when asked for: a line of a conversation is read for its messages, and their texts are sliced from it.
     */
    final class Value implements JsonItem {
        private final JsonNode node;
        private final RawText raw;
        private final int firstLine;
        private final int lastLine;
        private final int column;
        private final String pointer;
        private final String member;
        /** What the import's worker made of it, or null; see {@link JsonImport.Preparer}. */
        private Object prepared;
        /** Its object's members named a second time, which were not read. */
        private List<Repeated> repeated = List.of();

        /**
         * @param node      the value
         * @param text      its text exactly as in the file (UTF-8 decoded), newlines kept
         * @param firstLine the line it starts on, from 1
         * @param lastLine  the line it ends on
         * @param column    the column it starts at, from 1 (in bytes for a document, in characters for a JSON Lines line)
         * @param pointer   its JSON pointer in the document ({@code /3}, {@code /messages/3}, {@code /model}); "" for a
         *                  JSON Lines line, which is a document of its own
         * @param member    the top-level member it is or belongs to ({@code messages}, {@code model}); "" otherwise
         */
        public Value(JsonNode node, String text, int firstLine, int lastLine, int column, String pointer, String member) {
            this(node, RawText.of(Objects.requireNonNull(text)), firstLine, lastLine, column, pointer, member);
        }

        Value(JsonNode node, RawText raw, int firstLine, int lastLine, int column, String pointer, String member) {
            this.node = Objects.requireNonNull(node);
            this.raw = Objects.requireNonNull(raw);
            this.firstLine = firstLine;
            this.lastLine = lastLine;
            this.column = column;
            this.pointer = Objects.requireNonNull(pointer);
            this.member = Objects.requireNonNull(member);
        }

        /**
         * The value; for a JSON Lines line its importer read from its bytes ({@link JsonImport.Preparer#read}), its
         * members besides the streamed ones.
         */
        public JsonNode node() {
            return node;
        }

        /** Its text exactly as in the file (UTF-8 decoded), newlines kept. */
        public String text() {
            return raw.whole();
        }

        /**
         * The text as in the file of an element inside this value, by its pointer relative to the value
         * ({@code /messages/3}), when the reader kept where it was (the elements of a JSON Lines line's streamed
         * members); else empty, and the caller writes the element's JSON itself. Where the file can be read again the
         * text is a range of it, read when someone asks.
         */
        public Optional<SourceText> textAt(String relativePointer) {
            return raw.slice(relativePointer);
        }

        /**
         * Its text as a {@link SourceText}: a range of the file when the file can be read again (a JSON Lines line of
         * a file on disk), else held.
         */
        public SourceText sourceText() {
            return raw.wholeText();
        }

        /**
         * What the import's {@link JsonImport.Preparer} made of this value on the thread that parsed it (a JSON Lines
         * line), or null when nothing did: the importer then prepares it itself.
         */
        public Object prepared() {
            return prepared;
        }

        /**
         * The members of this value's object (a JSON Lines line) that repeat a name it already has: each was passed
         * over, the first kept.
         */
        public List<Repeated> repeated() {
            return repeated;
        }

        void repeated(List<Repeated> repeated) {
            this.repeated = List.copyOf(repeated);
        }

        void prepared(Object prepared) {
            this.prepared = prepared;
        }

        public int firstLine() {
            return firstLine;
        }

        public int lastLine() {
            return lastLine;
        }

        public int column() {
            return column;
        }

        public String pointer() {
            return pointer;
        }

        public String member() {
            return member;
        }
    }

    /**
     * A member whose name its object already has. JSON leaves open which of the two counts (most readers keep the
     * last, some the first, some refuse the object); the first was read when this one came, so this one is passed
     * over, not read, and reported.
     *
     * @param name      the member's name
     * @param line      the line of its name
     * @param column    the column of its name, from 1
     * @param firstLine the line of the member of that name that was read
     */
    record Repeated(String name, int line, int column, int firstLine) implements JsonItem {

        public Repeated {
            Objects.requireNonNull(name);
        }

        /** What the member was and which one was read. */
        public String reason() {
            return "member \"" + name + "\" at line " + line + ", column " + column + " repeats the one at line "
                    + firstLine + ": JSON leaves open which counts, so the first was read and this one was not";
        }
    }

    /**
     * JSON that did not parse. In JSON Lines only that line is lost and reading goes on; in a document
     * nothing after it can be read, so it is the last item.
     *
     * @param line       where the parser stopped
     * @param column     where on that line, from 1; {@link #NOT_PARSED} for a line that was not given to the parser
     *                   (too long to hold), whose reason says why
     * @param text       the line's text (JSON Lines), "" for a document
     * @param reason     the parser's reason, without its excerpt of the input
     * @param endOfInput true when the input ended inside a value: the file is cut short there
     */
    record Broken(int line, int column, String text, String reason, boolean endOfInput) implements JsonItem {

        static final int NOT_PARSED = 0;

        public Broken {
            Objects.requireNonNull(text);
            Objects.requireNonNull(reason);
        }
    }
}
