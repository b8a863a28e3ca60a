package dev.tracedeck.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A file Tracedeck could not read must never come out as a trace that passes its checks. */
class NoFalseGreenImportTest {

    private static final String SAMPLE = "sample-logs/mycelian/crashed-mid-call.log";
    private final Importers importers = Importers.standard();

    @ParameterizedTest
    @ValueSource(strings = {"langsmith-run.json", "notes.txt", "readme.md", "pom.xml"})
    void refusesAFileWithNoRecordOfAKnownFormat(String name) throws Exception {
        byte[] bytes = resource("unknown/" + name);
        UnrecognizedFormatException e = assertThrows(UnrecognizedFormatException.class,
                () -> importers.read(ImportSource.of(name, bytes), ImportListener.NONE));
        assertTrue(e.getMessage().startsWith(name + ": not a format Tracedeck knows"), e.getMessage());
        assertTrue(e.getMessage().endsWith("tried: " + String.join(", ", Importers.standard().formatIds())),
                e.getMessage());
    }

    @Test
    void refusesKeywordsThatSniffWellButNeverParse() {
        String text = "MSG thread_id=%s msg_idx=%d role=%s chars=%d preview=%s\nSTATE_MSG idx=%d type=%s role=%s content=%s\n";
        UnrecognizedFormatException e = assertThrows(UnrecognizedFormatException.class,
                () -> importers.read(ImportSource.of("format-strings.txt", text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE));
        assertTrue(e.getMessage().contains("(no Mycelian log record in 2 lines)"), e.getMessage());
    }

    @Test
    void refusesAFiftyMegabyteSingleLineWithoutReadingIt(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("one-line.log");
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, (byte) 'a');
        try (OutputStream out = Files.newOutputStream(big)) {
            for (int i = 0; i < 50; i++) {
                out.write(chunk);
            }
        }
        assertThrows(UnrecognizedFormatException.class, () -> importers.read(ImportSource.of(big), ImportListener.NONE));
    }

    @Test
    void anEmptyFileSaysItIsEmpty() throws Exception {
        ImportException e = assertThrows(ImportException.class,
                () -> importers.read(ImportSource.of("empty.log", new byte[0]), ImportListener.NONE));
        assertEquals("empty.log: is empty", e.getMessage());
        ImportException gz = assertThrows(ImportException.class,
                () -> importers.read(ImportSource.of("empty.log.gz", gzip(new byte[0])), ImportListener.NONE));
        assertTrue(gz.getMessage().startsWith("empty.log.gz: is empty"), gz.getMessage());
    }

    @Test
    void refusesBinaryData() {
        byte[] binary = new byte[4096];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) (i * 31);
        }
        UnrecognizedFormatException e = assertThrows(UnrecognizedFormatException.class,
                () -> importers.read(ImportSource.of("core.dump", binary), ImportListener.NONE));
        assertTrue(e.getMessage().contains("(binary data)"), e.getMessage());
    }

    @Test
    void aTruncatedGzipImportsWhatDecodedAndSaysWhereItStopped() throws Exception {
        byte[] log = resourceFromSamples();
        byte[] whole = gzip(log);
        byte[] cut = Arrays.copyOf(whole, whole.length * 2 / 3);
        Trace trace = importers.read(ImportSource.of("crashed.log.gz", cut), ImportListener.NONE);

        assertFalse(trace.report().complete());
        Event last = trace.events().get(trace.events().size() - 1);
        assertEquals(EventKind.MALFORMED, last.kind());
        String reason = ((Payload.Unparsed) last.payload()).reason();
        long linesDecoded = trace.report().lines();
        assertTrue(linesDecoded > 10 && linesDecoded < log.length, "kept what decoded: " + linesDecoded + " lines");
        assertTrue(reason.startsWith("the file is cut short after line " + linesDecoded + ": the gzip data ends early after "), reason);
        assertEquals(linesDecoded, last.source().firstLine());
        assertTrue(trace.report().diagnostics().stream().anyMatch(d -> d.line() == linesDecoded && d.message().contains("cut short")));

        Trace full = importers.read(ImportSource.of("crashed.log", log), ImportListener.NONE);
        for (int i = 0; i < trace.events().size() - 2; i++) {
            assertEquals(full.event(i).text(), trace.event(i).text(), "same records up to the cut, event " + i);
        }
    }

    @Test
    void aGzipCorruptPartWayImportsWhatDecodedBeforeTheDamage() throws Exception {
        byte[] log = resourceFromSamples();
        byte[] damaged = gzip(log);
        for (int i = damaged.length * 4 / 5; i < damaged.length * 4 / 5 + 64; i++) {
            damaged[i] ^= 0x5A;
        }
        Trace trace = importers.read(ImportSource.of("damaged.log.gz", damaged), ImportListener.NONE);
        Event last = trace.events().get(trace.events().size() - 1);
        assertEquals(EventKind.MALFORMED, last.kind());
        assertTrue(((Payload.Unparsed) last.payload()).reason().contains("cut short"), last.toString());
        assertFalse(trace.report().complete());
    }

    @Test
    void aThreadIdWithSpacesAndQuotesStillParses() throws Exception {
        String log = """
                2025-09-05 10:15:03,003 [agent.py:invoke] SYS thread_id=user "bob" o'neil:s1 content=SESSION_START
                2025-09-05 10:15:03,004 [agent.py:invoke] MSG thread_id=user "bob" o'neil:s1 msg_idx=1 role=user chars=5 preview=hello
                2025-09-05 10:15:03,005 [agent.py:_log_args] TOOL_CALL tool=add_entry thread_id=user "bob" o'neil:s1 role=user msg_idx=1 args={"raw_entry": "hello"}
                2025-09-05 10:15:03,006 [state.py:dump] STATE thread_id=user "bob" o'neil:s1 messages=1
                2025-09-05 10:15:03,006 [state.py:dump] STATE_MSG idx=1 type=system role= content=SESSION_START
                2025-09-05 10:15:03,007 [agent.py:invoke] RESULT thread_id=user "bob" o'neil:s1 messages=3
                """;
        Trace trace = importers.read(ImportSource.of("spaces.log", log.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
        assertEquals(0, trace.report().malformedRecords(), trace.report().diagnostics().toString());
        assertEquals(List.of("user \"bob\" o'neil:s1"), trace.threads().stream().map(t -> t.id()).toList());
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = NoFalseGreenImportTest.class.getResourceAsStream("/" + name)) {
            if (in == null) {
                throw new IOException("no test resource " + name);
            }
            return in.readAllBytes();
        }
    }

    /** The importers module's tests run in importers/, beside sample-logs/. */
    private static byte[] resourceFromSamples() throws IOException {
        return Files.readAllBytes(Path.of("..").resolve(SAMPLE));
    }
}
