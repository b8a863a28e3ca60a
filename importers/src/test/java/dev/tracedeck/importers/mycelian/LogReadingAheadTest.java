package dev.tracedeck.importers.mycelian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportCancelledException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.text.LineReader;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LogReadingAheadTest {

    @Test
    void readingAheadMakesTheTraceReadingOnOneThreadMakes() throws Exception {
        byte[] log = log();
        Trace alone = read(new ByteArrayInputStream(log), false);
        Trace ahead = read(new ByteArrayInputStream(log), true);
        assertTrue(alone.report().lines() > 3 * RecordsAhead.BATCH_STEPS, "a log of several batches: " + alone.report().lines());
        assertEquals(alone.report(), ahead.report());
        assertEquals(alone.events().size(), ahead.events().size());
        for (int i = 0; i < alone.events().size(); i++) {
            Event a = alone.event(i);
            Event b = ahead.event(i);
            assertEquals(a, b);
            assertEquals(List.of(a.keyword(), a.time(), a.threadId(), a.source(), a.text(), a.payload()),
                    List.of(b.keyword(), b.time(), b.threadId(), b.source(), b.text(), b.payload()), "event " + i);
        }
    }

    @Test
    void aReadFailureEndsTheReadingAheadWithItsError() throws Exception {
        byte[] log = log();
        InputStream failing = new InputStream() {
            private int pos;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (pos > log.length / 2) {
                    throw new IOException("disk gone");
                }
                int n = Math.min(Math.min(len, 1 << 16), log.length - pos);
                System.arraycopy(log, pos, b, off, n);
                pos += n;
                return n;
            }
        };
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (LineReader lines = new LineReader(failing)) {
            LogReading reading = new LogReading("t.log", e -> { });
            IOException thrown = assertThrows(IOException.class,
                    () -> reading.readAhead(lines, ImportListener.NONE, "t.log", executor, () -> { }));
            assertEquals("disk gone", thrown.getMessage());
        } finally {
            executor.shutdown();
        }
        assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS), "the reading thread ended");
    }

    @Test
    void aCancelStopsTheReadingThreadToo() throws Exception {
        ImportListener cancelled = new ImportListener() {
            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (LineReader lines = new LineReader(new ByteArrayInputStream(log()))) {
            LogReading reading = new LogReading("t.log", e -> { });
            assertThrows(ImportCancelledException.class,
                    () -> reading.readAhead(lines, cancelled, "t.log", executor, () -> { }));
        } finally {
            executor.shutdown();
        }
        assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS), "the reading thread ended");
    }

    private static Trace read(InputStream in, boolean ahead) throws Exception {
        LogReading reading = new LogReading("t.log", e -> { });
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (LineReader lines = new LineReader(in)) {
            if (ahead) {
                reading.readAhead(lines, ImportListener.NONE, "t.log", executor, () -> { });
            } else {
                reading.readOn(lines, ImportListener.NONE, "t.log");
            }
            reading.endHere(true, lines.endedMidLine());
        } finally {
            executor.shutdownNow();
        }
        return reading.build(MycelianLogImporter.FORMAT_ID, 0, true);
    }

    /**
     * Two threads whose dumps grow by a message a turn and repeat the rest, with what a dump can hold besides: an entry
     * that does not parse, an entry of two lines, a dump without a message list, text beyond ASCII, bytes that are not
     * UTF-8, and records between the dumps.
     */
    private static byte[] log() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<List<String>> entries = List.of(new ArrayList<>(), new ArrayList<>());
        for (int turn = 1; turn <= 120; turn++) {
            for (int t = 0; t < 2; t++) {
                String thread = "m" + t + ":s1";
                String time = String.format("2025-09-05 10:%02d:%02d,%03d", turn / 60, turn % 60, t);
                List<String> dump = entries.get(t);
                line(out, time + " [agent.py:invoke] MSG thread_id=" + thread + " msg_idx=" + turn
                        + " role=user chars=5 preview=hello");
                line(out, time + " [agent.py:_log_args] TOOL_CALL tool=add_entry thread_id=" + thread + " role=user msg_idx="
                        + turn + " args={\"content\": \"turn " + turn + "\"}");
                dump.add("type=chat role=user content=message " + turn + (turn % 7 == 0 ? " caf\u00e9 \u2713" : ""));
                if (turn % 25 == 0) {
                    dump.add("type=chat role=assistant content=two lines\nthe second");
                }
                if (turn % 30 == 0) {
                    line(out, time + " [state.py:dump] STATE thread_id=" + thread + " state_type=dict keys=a,b");
                }
                line(out, time + " [state.py:dump] STATE thread_id=" + thread + " messages=" + dump.size());
                for (int i = 0; i < dump.size(); i++) {
                    line(out, time + " [state.py:dump] STATE_MSG idx=" + (i + 1) + " " + dump.get(i));
                    if (turn % 40 == 0 && i == 3) {
                        line(out, time + " [state.py:dump] STATE_MSG idx=x type=chat role=user content=no index");
                    }
                }
                if (turn % 45 == 0) {
                    out.write((time + " [agent.py:invoke] MSG thread_id=" + thread + " msg_idx=" + turn
                            + " role=user chars=5 preview=bad ").getBytes(StandardCharsets.UTF_8));
                    out.write(new byte[] {(byte) 0xFF, (byte) 0xC3, '\n'});
                }
            }
        }
        return out.toByteArray();
    }

    private static void line(ByteArrayOutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
