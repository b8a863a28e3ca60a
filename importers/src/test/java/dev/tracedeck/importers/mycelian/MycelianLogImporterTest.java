package dev.tracedeck.importers.mycelian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportCancelledException;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MycelianLogImporterTest {

    private static final String LOG = """
            2025-09-05 10:15:03,003 [agent.py:invoke] SYS thread_id=m:s1 content=SESSION_START
            2025-09-05 10:15:03,004 [agent.py:invoke] MSG thread_id=m:s1 msg_idx=1 role=user chars=5 preview=hello
            2025-09-05 10:15:03,005 [state.py:dump] STATE thread_id=m:s1 messages=2
            2025-09-05 10:15:03,005 [state.py:dump] STATE_MSG idx=1 type=system role= content=SESSION_START
            2025-09-05 10:15:03,005 [state.py:dump] STATE_MSG idx=2 type=chat role=user content=hello
            """;

    private final MycelianLogImporter importer = new MycelianLogImporter();

    @Test
    void readsCrlfLinesWithAByteOrderMarkLikeLfLines() throws Exception {
        byte[] crlf = ("\uFEFF" + LOG.replace("\n", "\r\n")).getBytes(StandardCharsets.UTF_8);
        Trace fromCrlf = read("crlf.log", crlf);
        Trace fromLf = read("lf.log", LOG.getBytes(StandardCharsets.UTF_8));
        assertEquals(fromLf.events().size(), fromCrlf.events().size());
        for (int i = 0; i < fromLf.events().size(); i++) {
            assertEquals(fromLf.event(i).payload(), fromCrlf.event(i).payload());
            assertEquals(fromLf.event(i).time(), fromCrlf.event(i).time());
        }
        assertEquals("SESSION_START", ((Payload.ControlMessage) fromCrlf.event(0).payload()).content());
    }

    @Test
    void readsRepeatedDumpLinesExactlyAsTheFirstTime() throws Exception {
        String again = LOG.lines().filter(l -> l.contains("STATE")).map(l -> l.replace("03,005", "04,005"))
                .reduce("", (a, b) -> a + b + "\n").replace("messages=2", "messages=3");
        String third = again.replace("04,005", "05,005").replace("content=hello\n", "content=hello\nand more\n");
        String log = LOG + again + "2025-09-05 10:15:04,006 [state.py:dump] STATE_MSG idx=3 type=ai role= content=\n" + third
                + "2025-09-05 10:15:05,006 [state.py:dump] STATE_MSG idx=3 type=ai role= content=\n";
        for (String variant : new String[] {log, log.replace("\n", "\r\n")}) {
            Trace trace = read("repeats.log", variant.getBytes(StandardCharsets.UTF_8));
            var second = ((Payload.StateDump) trace.event(3).payload()).snapshot();
            var last = ((Payload.StateDump) trace.event(4).payload()).snapshot();
            assertEquals(3, second.size());
            assertEquals(List.of(7, 8, 9), List.of(second.entryLine(0), second.entryLine(1), second.entryLine(2)));
            assertEquals("hello\nand more", last.entries().get(1).content(), "a continued line is read in full");
            assertEquals(List.of(10, 11, 12), List.of(trace.event(4).source().firstLine(), last.entryLine(0), last.entryLine(1)));
            assertEquals(14, last.entryLine(2));
            assertTrue(second.entries().get(0) == last.entries().get(0));
            assertEquals(14, trace.report().lines());
            assertEquals(0, trace.report().malformedRecords());
        }
    }

    @Test
    void readsRepeatedDumpLinesWithNonAsciiTextAsTheFirstTime() throws Exception {
        String dump = LOG.lines().filter(l -> l.contains("STATE")).map(l -> l.replace("hello", "caf\u00e9 \u2713"))
                .reduce("", (a, b) -> a + b + "\n");
        String log = dump + dump.replace("03,005", "04,005") + dump.replace("03,005", "05,005").replace("\u2713", "\u2717");
        Trace trace = read("repeats.log", log.getBytes(StandardCharsets.UTF_8));
        var first = ((Payload.StateDump) trace.event(0).payload()).snapshot();
        var second = ((Payload.StateDump) trace.event(1).payload()).snapshot();
        var third = ((Payload.StateDump) trace.event(2).payload()).snapshot();
        assertEquals("caf\u00e9 \u2713", second.entries().get(1).content());
        assertTrue(first.entries().get(1) == second.entries().get(1), "the repeated entry is the first dump's");
        assertEquals(List.of(5, 6), List.of(second.entryLine(0), second.entryLine(1)));
        assertEquals("caf\u00e9 \u2717", third.entries().get(1).content(), "a line that differs is read again");
        assertEquals(9, trace.report().lines());
        assertEquals(0, trace.report().problemCount());
    }

    @Test
    void replacesInvalidUtf8AndReportsItsLine() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("2025-09-05 10:15:03,003 [a.py:f] SYS thread_id=m:s1 content=SESSION_START\n".getBytes(StandardCharsets.UTF_8));
        bytes.writeBytes("2025-09-05 10:15:03,004 [a.py:f] MSG thread_id=m:s1 msg_idx=1 role=user chars=4 preview=ca".getBytes(StandardCharsets.UTF_8));
        bytes.write(0xE9);
        bytes.writeBytes("!\n".getBytes(StandardCharsets.UTF_8));
        Trace trace = read("latin1.log", bytes.toByteArray());
        Payload.ConversationMessage msg = (Payload.ConversationMessage) trace.event(1).payload();
        assertEquals("ca\uFFFD!", msg.message().content());
        assertEquals(1, trace.report().diagnostics().size());
        assertEquals(2, trace.report().diagnostics().get(0).line());
        assertTrue(trace.report().diagnostics().get(0).message().contains("invalid UTF-8"));
    }

    @Test
    void readsGzipFilesAndCountsTheirStoredBytes(@TempDir Path dir) throws Exception {
        Path gz = dir.resolve("run.log.gz");
        try (GZIPOutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(LOG.getBytes(StandardCharsets.UTF_8));
        }
        Trace trace = new Importers(java.util.List.of(importer)).read(ImportSource.of(gz), ImportListener.NONE);
        assertEquals(3, trace.events().size());
        assertEquals(Files.size(gz), trace.report().bytes());
        assertEquals(EventKind.STATE, trace.event(2).kind());
    }

    @Test
    void namesTheFileWhenItCannotBeRead(@TempDir Path dir) {
        Path missing = dir.resolve("nope.log");
        ImportException e = assertThrows(ImportException.class, () -> importer.read(ImportSource.of(missing), ImportListener.NONE));
        assertTrue(e.getMessage().startsWith(missing + ": no such file"), e.getMessage());
    }

    @Test
    void namesTheFileWhenAGzipIsCorrupt(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.log.gz");
        Files.writeString(bad, "not gzip at all");
        ImportException e = assertThrows(ImportException.class, () -> importer.read(ImportSource.of(bad), ImportListener.NONE));
        assertTrue(e.getMessage().startsWith(bad.toString()), e.getMessage());
    }

    @Test
    void stopsWhenTheListenerCancels() {
        String big = LOG.repeat(5000);
        ImportListener cancelAtOnce = new ImportListener() {
            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        assertThrows(ImportCancelledException.class,
                () -> importer.read(ImportSource.of("big.log", big.getBytes(StandardCharsets.UTF_8)), cancelAtOnce));
    }

    @Test
    void sharesUnchangedEntriesBetweenSnapshotsOfAThread() throws Exception {
        String second = """
                2025-09-05 10:15:04,005 [state.py:dump] STATE thread_id=m:s1 messages=3
                2025-09-05 10:15:04,005 [state.py:dump] STATE_MSG idx=1 type=system role= content=SESSION_START
                2025-09-05 10:15:04,005 [state.py:dump] STATE_MSG idx=2 type=chat role=user content=hello
                2025-09-05 10:15:04,005 [state.py:dump] STATE_MSG idx=3 type=ai role= tool_calls=1[add_entry] content=
                """;
        Trace trace = read("grow.log", (LOG + second).getBytes(StandardCharsets.UTF_8));
        var first = ((Payload.StateDump) trace.event(2).payload()).snapshot();
        var next = (Payload.StateDump) trace.event(3).payload();
        assertTrue(first.entries().get(1) == next.snapshot().entries().get(1), "same instance for an unchanged entry");
        assertEquals(2, next.diff().appendedFrom());
        assertEquals(1, next.diff().appendedCount());
        assertEquals(9, next.snapshot().entryLine(2));
    }

    @Test
    void detectsMycelianLogsByTheirRecordsAndNothingElse() {
        assertEquals(90, importer.confidence(LOG));
        assertEquals(60, importer.confidence("notes\nMSG thread_id=m:s1 msg_idx=1 role=user chars=2 preview=hi\n"));
        assertEquals(0, importer.confidence("just some text\nmore text\n"));
        assertEquals(0, importer.confidence("RESULT of the meeting: we ship\nSTATE of play is good\n"), "keywords without fields");
        assertEquals(0, importer.confidence("{\"role\": \"user\", \"content\": \"hi\"}\n"));
        assertEquals(0, importer.confidence("bin\0ary"));
    }

    /**
     * A log on disk keeps the texts of its records as ranges of the file where they are its bytes, and every event reads
     * as it does from the same bytes held in memory: the bundled logs as they are, ended by CR LF, with a byte that is
     * not UTF-8, with blank lines ending a record, and cut mid-line.
     */
    @Test
    void aLogOnDiskKeepsItsRecordsTextsInTheFileAndReadsAsFromMemory(@TempDir Path dir) throws Exception {
        List<Path> samples;
        try (var files = Files.list(Path.of("../sample-logs/mycelian"))) {
            samples = files.filter(f -> f.toString().endsWith(".log")).sorted().toList();
        }
        assertTrue(samples.size() >= 5, "the bundled logs: " + samples);
        int inFile = 0;
        for (Path sample : samples) {
            byte[] lf = Files.readAllBytes(sample);
            String text = new String(lf, StandardCharsets.UTF_8);
            int middle = text.indexOf('\n', text.length() / 2) + 1;
            byte[] badByte = (text.substring(0, middle) + "\u0000" + text.substring(middle)).getBytes(StandardCharsets.UTF_8);
            badByte[middle] = (byte) 0xC3;
            List<byte[]> variants = List.of(lf, text.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8), badByte,
                    text.replace("\n2025", "\n\n\n2025").getBytes(StandardCharsets.UTF_8),
                    java.util.Arrays.copyOf(lf, lf.length * 2 / 3));
            for (int v = 0; v < variants.size(); v++) {
                Path file = Files.write(dir.resolve(v + "-" + sample.getFileName()), variants.get(v));
                Trace fromDisk = importer.read(ImportSource.of(file), ImportListener.NONE);
                Trace fromMemory = read(file.toString(), variants.get(v));
                String what = sample.getFileName() + ", variant " + v;
                assertEquals(fromMemory.events().size(), fromDisk.events().size(), what);
                for (int i = 0; i < fromDisk.events().size(); i++) {
                    var disk = fromDisk.event(i);
                    var memory = fromMemory.event(i);
                    assertTrue(memory.sourceText().isHeld(), what);
                    assertEquals(memory.text(), disk.text(), what + ", event " + i);
                    assertEquals(memory.text(), disk.sourceText().textInPasses(), what + ", event " + i);
                    assertEquals(memory.payload(), disk.payload(), what + ", event " + i);
                    assertEquals(memory.source(), disk.source(), what + ", event " + i);
                    if (!disk.sourceText().isHeld()) {
                        inFile++;
                        assertEquals(memory.text(), disk.exactText(), what + ", event " + i);
                    }
                }
            }
        }
        assertTrue(inFile > 100, "records kept in their files: " + inFile);
    }

    private Trace read(String name, byte[] bytes) throws ImportException {
        return importer.read(ImportSource.of(name, bytes), ImportListener.NONE);
    }
}
