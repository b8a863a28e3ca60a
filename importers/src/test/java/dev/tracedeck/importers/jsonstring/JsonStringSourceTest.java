package dev.tracedeck.importers.jsonstring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.TraceDump;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file whose text is held in JSON strings reads as that text: a document saved with {@code json.dump} of the string
 * an API returned (Letta's SDK returns an exported agent file as a string), and JSON Lines encoded twice.
 */
class JsonStringSourceTest {

    private static final Importers IMPORTERS = Importers.standard();
    private static final Path SAMPLES = Path.of("../sample-logs");
    /** What Python's {@code json.dump} writes by default: every character past ASCII as a {@code \\u} escape. */
    private static final ObjectMapper ASCII = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();
    private static final ObjectMapper UTF8 = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"letta/clean-memgpt-agent.af", "letta/memory-tool.af", "openai/clean-tool-calls.json"})
    void aDocumentSavedAsAJsonStringReadsAsTheDocument(String name) throws Exception {
        byte[] plain = Files.readAllBytes(SAMPLES.resolve(name));
        Trace expected = IMPORTERS.read(ImportSource.of(name, plain), ImportListener.NONE);
        for (ObjectMapper json : List.of(ASCII, UTF8)) {
            byte[] wrapped = json.writeValueAsBytes(new String(plain, StandardCharsets.UTF_8));
            ImportSource source = ImportSource.of(name, wrapped);
            Trace actual = IMPORTERS.read(source, ImportListener.NONE);
            assertTrue(source.inJsonStrings());
            assertEquals(expected.format(), actual.format());
            assertEquals(TraceDump.of(expected), TraceDump.of(actual));
        }
    }

    @Test
    void jsonLinesEncodedTwiceReadLineByLine() throws Exception {
        String name = "claude-code/clean-session.jsonl";
        byte[] plain = Files.readAllBytes(SAMPLES.resolve(name));
        ByteArrayOutputStream twice = new ByteArrayOutputStream();
        for (String line : new String(plain, StandardCharsets.UTF_8).split("\n")) {
            twice.write(ASCII.writeValueAsBytes(line));
            twice.write('\n');
        }
        Trace expected = IMPORTERS.read(ImportSource.of(name, plain), ImportListener.NONE);
        Trace actual = IMPORTERS.read(ImportSource.of(name, twice.toByteArray()), ImportListener.NONE);
        assertEquals("claude-code", actual.format());
        assertEquals(TraceDump.of(expected), TraceDump.of(actual));
    }

    @Test
    void aFileWhoseFirstStringIsNotJsonIsLeftAsItIs() throws Exception {
        ImportSource source = ImportSource.of("note.json", "\"just a sentence\"".getBytes(StandardCharsets.UTF_8));
        assertFalse(source.inJsonStrings());
        ImportSource object = ImportSource.of("chat.json", Files.readAllBytes(SAMPLES.resolve("openai/clean-tool-calls.json")));
        assertFalse(object.inJsonStrings());
        assertTrue(object.reread().isEmpty() || !object.inJsonStrings());
    }

    @Test
    void whatFollowsTheStringsIsReportedAndWhatCameBeforeIsKept() throws Exception {
        byte[] plain = Files.readAllBytes(SAMPLES.resolve("openai/clean-tool-calls.json"));
        byte[] wrapped = UTF8.writeValueAsBytes(new String(plain, StandardCharsets.UTF_8));
        byte[] tail = "\n{\"appended\": true}\n".getBytes(StandardCharsets.UTF_8);
        Trace trace = IMPORTERS.read(ImportSource.of("tail.json", concat(wrapped, tail)), ImportListener.NONE);

        assertEquals("openai-chat", trace.format());
        assertEquals(List.of(String.format(Locale.ROOT, "%,d bytes from byte %,d of the file on are not a JSON string like"
                + " the text before them; they were not read", tail.length - 1, wrapped.length + 1)), malformedReasons(trace));
    }

    @Test
    void aStringTheFileEndsInsideKeepsWhatDecodedAndSaysWhereItStopped() throws Exception {
        byte[] plain = Files.readAllBytes(SAMPLES.resolve("letta/clean-memgpt-agent.af"));
        byte[] wrapped = ASCII.writeValueAsBytes(new String(plain, StandardCharsets.UTF_8));
        byte[] cut = Arrays.copyOf(wrapped, wrapped.length / 2);
        Trace trace = IMPORTERS.read(ImportSource.of("cut.af", cut), ImportListener.NONE);

        assertEquals("letta", trace.format());
        assertFalse(trace.report().complete());
        Event last = trace.events().get(trace.events().size() - 1);
        assertEquals("CUT_SHORT", last.keyword());
    }

    @Test
    void aBackslashThatStartsNoEscapeSaysWhereItIs() throws Exception {
        byte[] plain = Files.readAllBytes(SAMPLES.resolve("openai/clean-tool-calls.json"));
        byte[] wrapped = UTF8.writeValueAsBytes(new String(plain, StandardCharsets.UTF_8));
        byte[] bad = concat(Arrays.copyOf(wrapped, wrapped.length - 1), "\\q\"".getBytes(StandardCharsets.UTF_8));
        Trace trace = IMPORTERS.read(ImportSource.of("bad.json", bad), ImportListener.NONE);
        assertEquals("openai-chat", trace.format());
        assertFalse(trace.report().complete());
        String reasons = trace.events().stream().filter(e -> e.payload() instanceof Payload.Unparsed)
                .map(e -> ((Payload.Unparsed) e.payload()).reason()).toList().toString();
        assertTrue(reasons.contains(String.format(Locale.ROOT, "a backslash at byte %,d of the file starts no JSON escape", wrapped.length - 1)), reasons);
    }

    private static List<String> malformedReasons(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.Unparsed u && u.malformed())
                .map(e -> ((Payload.Unparsed) e.payload()).reason()).toList();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
