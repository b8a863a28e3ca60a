package dev.tracedeck.importers.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.text.Line;
import dev.tracedeck.importers.text.LineReader;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.text.PythonText;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads a JSON file record by record on Jackson's token stream, binding one record at a time, never the file:
 * a JSON Lines file line by line, a top-level array element by element ({@code /0}, {@code /1} …), a top-level
 * object member by member, where the members named as streamed (a request's {@code messages}) are read element
 * by element ({@code /messages/0} …). A streamed path may reach deeper, through arrays ({@code *}) and objects:
 * with {@code resourceSpans/*}{@code /scopeSpans/*}{@code /spans} each span of an OTLP document is a record
 * ({@code /resourceSpans/0/scopeSpans/1/spans/2}), and the members beside the arrays on the way
 * ({@code /resourceSpans/0/resource}) are records of their own, read when the parser meets them. Each value comes
 * with its lines, column, pointer and text as in the file.
 *
 * <p>A JSON Lines line that does not parse is a {@link JsonItem.Broken} and reading goes on with the next line;
 * a document that stops parsing ends with one (its {@code endOfInput} says whether the file ends inside a value:
 * cut short). Not thread-safe; one reader per import.
 */
public final class JsonRecordReader implements Closeable {

    /** How much of a line too long to hold its record shows: the start says what the line was. */
    private static final int CUT_LINE_SHOWN = 2_000;
    private static final ObjectMapper MAPPER = new ObjectMapper(new DecimalSafeJsonFactory())
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private static final JsonFactory FACTORY = new DecimalSafeJsonFactory(
            new JsonFactoryBuilder().disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION));

    /** A streamed path's segment that stands for every member of an object, whatever its name. */
    public static final String ANY_MEMBER = "+";

    private final JsonLayout layout;
    private final List<List<String>> streamed;
    /** In a JSON Lines line, the top-level members whose elements are bound one by one (their texts sliced). */
    private final Set<String> lineMembers;
    private final ByteTap tap;
    private final LineReader lines;
    private final LinePipeline pipeline;
    private final JsonParser parser;
    private final ObjectMapper lineMapper = MAPPER;
    /** The file read again for a JSON Lines element's text, or null when it can't be (a {@code .gz}, bytes). */
    private final SourceText.Reread file;
    /** Run on each JSON Lines value where it was parsed, or null. */
    private final JsonImport.Preparer preparer;

    private boolean started;
    private boolean done;
    /** The containers of a document being read through, innermost first; the document itself at the bottom. */
    private final Deque<Container> open = new ArrayDeque<>();
    private int documentFirstLine = 1;
    private int documentLastLine = 1;
    private long jsonLines;

    /**
     * @param in       the decoded bytes (already sniffed with {@link JsonLayout#sniff}, on another stream)
     * @param streamed for an object document, the members to read element by element: a top-level member's name
     *                 ({@code messages}), or a path of member names and {@code *} for "every element"
     *                 ({@code resourceSpans/*}{@code /scopeSpans/*}{@code /spans}); {@value #ANY_MEMBER} for "every
     *                 member"
     */
    public JsonRecordReader(InputStream in, JsonLayout layout, Set<String> streamed) throws IOException {
        this(in, layout, streamed, null, null);
    }

    /**
     * @param file where {@code in} is a file from its first byte that can be read again: the JSON Lines elements'
     *             texts are then ranges of it ({@link SourceText.InFile}), not strings; null to hold them
     * @param preparer what to make of each JSON Lines value on the thread that parsed it ({@link JsonItem.Value#prepared});
     *             it must touch no shared state. Null for nothing
     */
    public JsonRecordReader(InputStream in, JsonLayout layout, Set<String> streamed, SourceText.Reread file,
                            JsonImport.Preparer preparer) throws IOException {
        this(in, layout, streamed, file, preparer, layout == JsonLayout.LINES ? new LineReader(in) : null);
    }

    /**
     * The JSON Lines of a file read on from a line's start ({@link LineReader#continuing}): {@code in} gives its bytes
     * from {@code position} on, the line after line {@code linesBefore}. Lines, positions and texts' ranges are the
     * file's.
     */
    public static JsonRecordReader continuingLines(InputStream in, int linesBefore, long position, Set<String> streamed,
                                                   SourceText.Reread file, JsonImport.Preparer preparer)
            throws IOException {
        return new JsonRecordReader(in, JsonLayout.LINES, streamed, file, preparer,
                LineReader.continuing(in, linesBefore, position));
    }

    private JsonRecordReader(InputStream in, JsonLayout layout, Set<String> streamed, SourceText.Reread file,
                             JsonImport.Preparer preparer, LineReader lineReader) throws IOException {
        this.file = file;
        this.preparer = preparer;
        if (layout == JsonLayout.NOT_JSON) {
            throw new IllegalArgumentException("not JSON");
        }
        this.layout = layout;
        this.streamed = streamed.stream().map(path -> List.of(path.split("/"))).toList();
        this.lineMembers = streamed.stream().filter(path -> !path.contains("/")).collect(Collectors.toUnmodifiableSet());
        if (layout == JsonLayout.LINES) {
            this.tap = null;
            this.parser = null;
            this.lines = lineReader;
            this.pipeline = new LinePipeline(lines, this::parseLine);
        } else {
            this.tap = new ByteTap(in);
            this.parser = FACTORY.createParser(tap);
            this.lines = null;
            this.pipeline = null;
        }
    }

    public JsonLayout layout() {
        return layout;
    }

    /** The next record, or null when there are no more. */
    public JsonItem next() throws IOException {
        if (done) {
            return null;
        }
        return layout == JsonLayout.LINES ? nextLine() : layout == JsonLayout.SEQUENCE ? nextInSequence()
                : nextInDocument();
    }

    /** Physical lines read so far (all of them once {@link #next} returned null, unless the document broke). */
    public long lines() {
        return layout == JsonLayout.LINES ? jsonLines : tap.lines();
    }

    /** The bytes a document's reader holds to show its values' texts (for JSON Lines, none): bounded, whatever the file. */
    long bytesHeld() {
        return tap == null ? 0 : tap.capacity();
    }

    /** A document's first and last lines (its opening and closing bracket); for JSON Lines, 1. */
    public int documentFirstLine() {
        return documentFirstLine;
    }

    public int documentLastLine() {
        return documentLastLine;
    }

    /**
     * True when the document broke (cut short, or JSON that does not parse) while the array or object at
     * {@code pointer} was open: whatever it held after its last value read is lost.
     */
    public boolean brokeInside(String pointer) {
        return open.stream().anyMatch(c -> c.pointer.equals(pointer));
    }

    /**
     * A JSON Lines line, parsed from its bytes (the UTF-8 parser; the line's text is decoded only if someone asks).
     * An object's streamed members are bound element by element so that each element's bytes are known, and its
     * text can be sliced from the line rather than written out again. A line that does not parse this way is read
     * again the slow way, decoded first, so that a broken line is reported exactly as before (column in
     * characters) and invalid UTF-8 inside a string reads as U+FFFD instead of breaking the line.
     */
    private JsonItem nextLine() throws IOException {
        JsonItem item = pipeline.next();
        jsonLines = pipeline.lastLine();
        if (item == null) {
            done = true;
        }
        return item;
    }

    /** Parses one line; runs on a {@link LinePipeline} worker, so it reads and writes nothing shared. */
    private JsonItem parseLine(LinePipeline.LineBytes line) throws IOException {
        byte[] bytes = line.bytes();
        if (line.cutLength() >= 0) {
            // Only the line's start was held: not read, kept with what it holds at the start.
            String head = LineReader.decode(line.number(), bytes, line.ascii()).text();
            return new JsonItem.Broken(line.number(), JsonItem.Broken.NOT_PARSED, PythonText.abbreviate(head, CUT_LINE_SHOWN),
                    lines.tooLongReason(line.cutLength()), false);
        }
        int start = firstNonBlank(bytes, 0, bytes.length);
        int column = line.ascii() ? start + 1 : new String(bytes, 0, start, StandardCharsets.UTF_8).length() + 1;
        JsonImport.LineRead read = preparer == null ? null : preparer.read(bytes, line.position(), file);
        if (read != null) {
            JsonItem.Value value = new JsonItem.Value(read.members(), RawText.of(bytes, Map.of(), line.position(), file),
                    line.number(), line.number(), column, "", "");
            value.prepared(read.prepared());
            return value;
        }
        Map<String, long[]> ranges = new HashMap<>();
        List<JsonItem.Repeated> repeated = new ArrayList<>(0);
        try (JsonParser p = FACTORY.createParser(bytes)) {
            JsonNode node = bindLine(p, ranges, line.number(), repeated);
            if (p.nextToken() == null) {
                JsonItem.Value value = new JsonItem.Value(node, RawText.of(bytes, ranges, line.position(), file),
                        line.number(), line.number(), column, "", "");
                value.repeated(repeated);
                return prepared(value);
            }
        } catch (JsonProcessingException e) {
            // Reported below, from the decoded text.
        }
        return decodedLine(LineReader.decode(line.number(), bytes, line.ascii()));
    }

    private JsonItem.Value prepared(JsonItem.Value value) {
        if (preparer != null) {
            value.prepared(preparer.prepare(value));
        }
        return value;
    }

    /** A line bound from its decoded text: the way every line was read before, kept for lines that break. */
    private JsonItem decodedLine(Line line) throws IOException {
        String text = line.text();
        int start = firstNonBlank(text);
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonNode node = lineMapper.readTree(p);
            if (p.nextToken() != null) {
                JsonLocation at = p.currentTokenLocation();
                return new JsonItem.Broken(line.number(), at.getColumnNr(), text,
                        "more than one JSON value on the line", false);
            }
            return prepared(new JsonItem.Value(node, text, line.number(), line.number(), start + 1, "", ""));
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            return new JsonItem.Broken(line.number(), at == null ? 1 : at.getColumnNr(), text, reason(e),
                    endsInput(e));
        }
    }

    /**
     * Binds a line's value; for an object, member by member, with the streamed members' elements one by one and
     * their byte ranges recorded by pointer ({@code /messages/3}).
     */
    private JsonNode bindLine(JsonParser p, Map<String, long[]> ranges, int line, List<JsonItem.Repeated> repeated)
            throws IOException {
        JsonToken first = p.nextToken();
        if (first != JsonToken.START_OBJECT || lineMembers.isEmpty()) {
            return lineMapper.readTree(p);
        }
        ObjectNode object = lineMapper.getNodeFactory().objectNode();
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            int column = p.currentTokenLocation().getColumnNr();
            JsonToken value = p.nextToken();
            if (object.has(name)) {
                repeated.add(new JsonItem.Repeated(name, line, column, line));
                p.skipChildren();
                continue;
            }
            if (value == JsonToken.START_ARRAY && lineMembers.contains(name)) {
                ArrayNode elements = object.putArray(name);
                String prefix = "/" + SourceRef.pointerToken(name) + "/";
                int index = 0;
                JsonToken element;
                while ((element = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (element == null) {
                        throw new JsonEOFException(p, null, "the line ends inside an array");
                    }
                    long from = p.currentTokenLocation().getByteOffset();
                    JsonNode bound = lineMapper.readTree(p);
                    elements.add(bound);
                    ranges.put(prefix + index++, new long[] {from, p.currentLocation().getByteOffset()});
                }
            } else {
                object.set(name, lineMapper.readTree(p));
            }
        }
        if (t != JsonToken.END_OBJECT) {
            throw new JsonParseException(p, "unexpected " + t + " in an object");
        }
        return object;
    }

    /**
     * The value at {@code bytes[from, to)} of a JSON Lines line, bound as the reader binds a line's members: for a
     * {@link JsonImport.Preparer} that reads a line from its bytes and binds some of its members.
     */
    public static JsonNode tree(byte[] bytes, int from, int to) {
        try (JsonParser p = FACTORY.createParser(bytes, from, to - from)) {
            return MAPPER.readTree(p);
        } catch (IOException e) {
            throw new IllegalArgumentException("not one JSON value at bytes " + from + " to " + to, e);
        }
    }

    private static int firstNonBlank(byte[] bytes, int offset, int length) {
        for (int i = 0; i < length; i++) {
            byte b = bytes[offset + i];
            boolean bom = b == (byte) 0xEF && i + 2 < length && bytes[offset + i + 1] == (byte) 0xBB
                    && bytes[offset + i + 2] == (byte) 0xBF;
            if (bom) {
                i += 2;
                continue;
            }
            if (b != ' ' && b != '\t' && b != '\r') {
                return i;
            }
        }
        return -1;
    }

    private static int firstNonBlank(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\t' && c != '\r' && c != '\uFEFF') {
                return i;
            }
        }
        return -1;
    }

    private JsonItem nextInDocument() throws IOException {
        try {
            if (!started) {
                started = true;
                JsonToken first = parser.nextToken();
                documentFirstLine = parser.currentTokenLocation().getLineNr();
                if (first != JsonToken.START_ARRAY && first != JsonToken.START_OBJECT) {
                    return broken("the document is not an object or an array", false);
                }
                open.push(new Container(first == JsonToken.START_ARRAY, List.of(), "", ""));
            }
            return nextRecord();
        } catch (JsonProcessingException e) {
            done = true;
            JsonLocation at = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
            return new JsonItem.Broken(at.getLineNr(), Math.max(1, at.getColumnNr()), "", reason(e),
                    endsInput(e));
        }
    }

    /** The next of values written one after another, each a record of its own (no pointer: no document holds them). */
    private JsonItem nextInSequence() throws IOException {
        try {
            JsonToken t = parser.nextToken();
            if (t == null) {
                done = true;
                return null;
            }
            if (!started) {
                started = true;
                documentFirstLine = parser.currentTokenLocation().getLineNr();
            }
            // A number or a string among the values is one value too: JsonImport reports it, and reading goes on.
            JsonItem.Value value = value("", "");
            documentLastLine = value.lastLine();
            return value;
        } catch (JsonProcessingException e) {
            done = true;
            JsonLocation at = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
            return new JsonItem.Broken(at.getLineNr(), Math.max(1, at.getColumnNr()), "", reason(e), endsInput(e));
        }
    }

    /**
     * The next value to bind, walking into the arrays and objects a streamed path goes through and out of those
     * that end; the end of the document when its own container closes.
     */
    private JsonItem nextRecord() throws IOException {
        while (true) {
            Container in = open.peek();
            JsonToken t = parser.nextToken();
            if (t == null) {
                return broken(in.array ? "the document ends inside an array" : "the document ends inside an object", true);
            }
            if (t == JsonToken.END_ARRAY || t == JsonToken.END_OBJECT) {
                open.pop();
                if (open.isEmpty()) {
                    return end();
                }
                continue;
            }
            List<String> path;
            String pointer;
            String member;
            if (in.array) {
                path = append(in.path, "*");
                pointer = in.pointer + "/" + in.next++;
                member = in.member;
            } else {
                String name = parser.currentName();
                JsonLocation nameAt = parser.currentTokenLocation();
                t = parser.nextToken();
                if (t == null) {
                    return broken("the document ends after member \"" + name + "\"", true);
                }
                Integer first = in.names.putIfAbsent(name, nameAt.getLineNr());
                if (first != null) {
                    tap.release(parser.currentTokenLocation().getByteOffset());
                    parser.skipChildren();
                    tap.release(parser.currentLocation().getByteOffset());
                    return new JsonItem.Repeated(name, nameAt.getLineNr(), nameAt.getColumnNr(), first);
                }
                path = append(in.path, name);
                pointer = in.pointer + "/" + SourceRef.pointerToken(name);
                member = open.size() == 1 ? name : in.member;
            }
            if (t == JsonToken.START_ARRAY && walksArray(path) || t == JsonToken.START_OBJECT && walksObject(path)) {
                open.push(new Container(t == JsonToken.START_ARRAY, path, pointer, member));
                continue;
            }
            return value(pointer, member);
        }
    }

    /** An array is read element by element when a streamed path names it or goes on through its elements. */
    private boolean walksArray(List<String> path) {
        return streamed.stream().anyMatch(s -> s.size() == path.size() && startsWith(s, path)
                || startsWith(s, append(path, "*")));
    }

    /** An object is read member by member when a streamed path goes on through one of its members. */
    private boolean walksObject(List<String> path) {
        return streamed.stream().anyMatch(s -> s.size() > path.size() && startsWith(s, path)
                && !s.get(path.size()).equals("*"));
    }

    /** True when {@code pattern} begins with {@code prefix}; {@value #ANY_MEMBER} in it stands for any member's name. */
    private static boolean startsWith(List<String> pattern, List<String> prefix) {
        if (pattern.size() < prefix.size()) {
            return false;
        }
        for (int i = 0; i < prefix.size(); i++) {
            String segment = pattern.get(i);
            if (!segment.equals(prefix.get(i)) && !(segment.equals(ANY_MEMBER) && !prefix.get(i).equals("*"))) {
                return false;
            }
        }
        return true;
    }

    private static List<String> append(List<String> path, String segment) {
        List<String> longer = new ArrayList<>(path.size() + 1);
        longer.addAll(path);
        longer.add(segment);
        return longer;
    }

    /** Binds the value whose first token the parser is on. */
    private JsonItem.Value value(String pointer, String member) throws IOException {
        JsonLocation start = parser.currentTokenLocation();
        tap.release(start.getByteOffset());
        JsonNode node = MAPPER.readTree(parser);
        JsonLocation end = parser.currentLocation();
        String text = tap.text(start.getByteOffset(), end.getByteOffset());
        tap.release(end.getByteOffset());
        int lastLine = parser.currentTokenLocation().getLineNr();
        return new JsonItem.Value(node, text, start.getLineNr(), Math.max(start.getLineNr(), lastLine),
                start.getColumnNr(), pointer, member);
    }

    private JsonItem end() throws IOException {
        documentLastLine = parser.currentTokenLocation().getLineNr();
        JsonToken after = parser.nextToken();
        done = true;
        if (after != null) {
            return broken("more JSON after the document's end", false);
        }
        return null;
    }

    private JsonItem broken(String reason, boolean endOfInput) {
        done = true;
        JsonLocation at = parser.currentLocation();
        return new JsonItem.Broken(at.getLineNr(), Math.max(1, at.getColumnNr()), "", reason, endOfInput);
    }

    /**
     * True when the input ended inside a value: the streaming parser says so with a {@link JsonEOFException}, the
     * tree binder (which reads a whole container) with an "Unexpected end-of-input" of its own.
     */
    static boolean endsInput(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        return e instanceof JsonEOFException || (m != null && m.contains("end-of-input"));
    }

    /** The parser's reason without its excerpt of the input. */
    static String reason(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        if (m == null) {
            return "invalid JSON";
        }
        int cut = m.indexOf("\n at [Source");
        return (cut >= 0 ? m.substring(0, cut) : m).strip();
    }

    /** An array or object of a document being read through. */
    private static final class Container {
        final boolean array;
        /** Member names and {@code *} for array elements, from the document down. */
        final List<String> path;
        final String pointer;
        /** The top-level member it is or is inside, "" for the document. */
        final String member;
        int next;
        /** An object's member names so far, with the line of each; null for an array. */
        final Map<String, Integer> names;

        Container(boolean array, List<String> path, String pointer, String member) {
            this.array = array;
            this.names = array ? null : new HashMap<>();
            this.path = path;
            this.pointer = pointer;
            this.member = member;
        }
    }

    @Override
    public void close() throws IOException {
        if (parser != null) {
            parser.close();
        }
        if (pipeline != null) {
            pipeline.close();
        }
        if (lines != null) {
            lines.close();
        }
    }
}
