package dev.tracedeck.importers.gzip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class GzipSourceTest {

    private static final Importers IMPORTERS = Importers.standard();

    private static String chatLine(int i) {
        return "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"question " + i
                + "\"},{\"role\":\"assistant\",\"content\":\"answer " + i + "\"}]}\n";
    }

    private static String chat(int from, int to) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i < to; i++) {
            text.append(chatLine(i));
        }
        return text.toString();
    }

    @Test
    void everyMemberOfAConcatenatedGzipIsRead() throws Exception {
        byte[] both = concat(gzip(chat(0, 3)), gzip(chat(3, 5)));
        Trace trace = IMPORTERS.read(ImportSource.of("two-members.jsonl.gz", both), ImportListener.NONE);
        assertEquals(10, trace.report().recordsOf("message"), trace.report().toString());
        assertEquals(0, trace.report().malformedRecords(), trace.report().diagnostics().toString());
        assertTrue(trace.report().complete());
    }

    @Test
    void bytesAfterTheGzipDataAreReportedWithTheirOffsetAndWhatCameBeforeIsKept() throws Exception {
        byte[] data = gzip(chat(0, 3));
        byte[] garbage = "not gzip, appended by a careless copy".getBytes(StandardCharsets.UTF_8);
        Trace trace = IMPORTERS.read(ImportSource.of("tail.jsonl.gz", concat(data, garbage)), ImportListener.NONE);

        assertEquals(6, trace.report().recordsOf("message"));
        List<String> reasons = malformedReasons(trace);
        assertEquals(1, reasons.size(), reasons.toString());
        assertEquals(garbage.length + " bytes after the gzip data that are not gzip data, from byte " + data.length
                + " of the file; they were not read", reasons.get(0));
    }

    @Test
    void aLogWithBytesAfterItsGzipDataSaysSo() throws Exception {
        String log = """
                2025-09-05 10:15:03,003 [agent.py:invoke] SYS thread_id=t:s1 content=SESSION_START
                2025-09-05 10:15:03,004 [agent.py:invoke] MSG thread_id=t:s1 msg_idx=1 role=user chars=5 preview=hello
                """;
        byte[] data = gzip(log);
        Trace trace = IMPORTERS.read(ImportSource.of("tail.log.gz", concat(data, new byte[] {0, 0, 0, 0})),
                ImportListener.NONE);
        List<String> reasons = malformedReasons(trace);
        assertEquals(List.of("4 bytes after the gzip data that are not gzip data, from byte " + data.length
                + " of the file; they were not read"), reasons);
    }

    @Test
    void aGzipCutInItsTrailerSaysHowMuchDecodedAndWhereTheFileStops() throws Exception {
        String text = chat(0, 4);
        byte[] whole = gzip(text);
        byte[] cut = Arrays.copyOf(whole, whole.length - 3);
        Trace trace = IMPORTERS.read(ImportSource.of("cut.jsonl.gz", cut), ImportListener.NONE);

        assertFalse(trace.report().complete());
        assertEquals(8, trace.report().recordsOf("message"));
        Event last = trace.events().get(trace.events().size() - 1);
        String reason = ((Payload.Unparsed) last.payload()).reason();
        assertTrue(reason.contains(String.format(Locale.ROOT, "the gzip data ends early after %,d bytes of output (byte %,d of the file)",
                text.length(), cut.length)), reason);
        assertFalse(reason.contains("null"), reason);
    }

    @Test
    void aGzipCutInItsDataKeepsWhatDecoded() throws Exception {
        String text = chat(0, 2000);
        byte[] whole = gzip(text);
        byte[] cut = Arrays.copyOf(whole, whole.length / 2);
        Trace trace = IMPORTERS.read(ImportSource.of("cut.jsonl.gz", cut), ImportListener.NONE);

        assertFalse(trace.report().complete());
        assertTrue(trace.report().recordsOf("message") > 100, trace.report().toString());
        Event last = trace.events().get(trace.events().size() - 1);
        assertEquals("CUT_SHORT", last.keyword());
        String reason = ((Payload.Unparsed) last.payload()).reason();
        assertTrue(reason.matches(".*the gzip data ends early after [\\d,]+ bytes of output \\(byte "
                + String.format(Locale.ROOT, "%,d", cut.length) + " of the file\\).*"), reason);
    }

    private static List<String> malformedReasons(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.Unparsed u && u.malformed())
                .map(e -> ((Payload.Unparsed) e.payload()).reason()).toList();
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
