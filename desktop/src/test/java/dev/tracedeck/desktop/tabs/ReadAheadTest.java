package dev.tracedeck.desktop.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportCancelledException;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The reading a window takes over hands it every event exactly once and in order, however the events were split
 * between the ones shown before the first frame, the ones waiting when it was taken over and the ones read after; it
 * holds the importer once a few screens of events wait, and the import's failure or cancellation is the window's.
 */
@Timeout(30)
class ReadAheadTest {

    private static final Path FILE = Path.of("run.test");

    @Test
    void everyEventReachesTheWindowOnceAndInOrderWhereverTheHandOverFalls() throws Exception {
        int count = ReadAhead.HELD_AT_MOST * 3 + 17;
        CountDownLatch held = new CountDownLatch(1);
        List<Event> made = new ArrayList<>();
        ReadAhead ahead = ReadAhead.start(FILE, listener -> {
            TraceBuilder builder = new TraceBuilder(event -> {
                made.add(event);
                listener.added(event);
            });
            for (int i = 0; i < count; i++) {
                if (i == ReadAhead.HELD_AT_MOST) {
                    held.countDown();  // this add waits for room
                }
                builder.add("MSG", "", "t" + (i % 3), SourceRef.line(FILE.toString(), i + 1), "line " + i,
                        new Payload.ControlMessage("line " + i));
                listener.progress(i + 1, count);
            }
            listener.threadRead(null, "openai");
            return builder.build(new ImportReport(FILE.toString(), "test", count, count, count, 0, 0, Map.of(),
                    List.of(), 0, true));
        });
        assertTrue(held.await(10, TimeUnit.SECONDS));
        List<Event> shown = new ArrayList<>(ahead.takeReadSoFar(100));
        assertEquals(100, shown.size());
        Recorder window = new Recorder();
        Trace trace = ahead.read(window);

        shown.addAll(window.events);
        assertEquals(made, shown, "each event once, in the order read");
        assertEquals(count, trace.events().size());
        assertEquals(1, window.threadsRead, "the threads read to their end are handed over too");
        assertTrue(window.lastTotal > 0, "the reading's progress is handed over");
    }

    @Test
    void theImporterWaitsOnceAFewScreensOfEventsWaitUntilTheWindowTakesThem() throws Exception {
        CountDownLatch finished = new CountDownLatch(1);
        int[] added = {0};
        ReadAhead ahead = ReadAhead.start(FILE, listener -> {
            for (int i = 0; i < ReadAhead.HELD_AT_MOST * 2; i++) {
                listener.added(event(i));
                synchronized (added) {
                    added[0]++;
                }
            }
            finished.countDown();
            return null;
        });
        assertTrue(!finished.await(300, TimeUnit.MILLISECONDS), "held while nobody took the events");
        synchronized (added) {
            assertEquals(ReadAhead.HELD_AT_MOST, added[0]);
        }
        assertEquals(ReadAhead.HELD_AT_MOST, ahead.takeReadSoFar(Integer.MAX_VALUE).size());
        assertTrue(finished.await(10, TimeUnit.SECONDS), "taking the waiting events makes room for the rest");
    }

    @Test
    void theReadingsFailureIsTheWindowsToReport() {
        ImportException broken = new ImportException(FILE.toString(), 3, "not JSON", null);
        ReadAhead ahead = ReadAhead.start(FILE, listener -> {
            listener.added(event(0));
            throw broken;
        });
        ImportException thrown = assertThrows(ImportException.class, () -> ahead.read(new Recorder()));
        assertSame(broken, thrown);
    }

    @Test
    void theWindowCancellingItsImportStopsTheReading() throws Exception {
        CountDownLatch stopped = new CountDownLatch(1);
        ReadAhead ahead = ReadAhead.start(FILE, listener -> {
            readUntilCancelled(listener, stopped);
            throw new ImportCancelledException(FILE.toString());
        });
        Recorder window = new Recorder();
        window.cancelled = true;
        assertThrows(ImportCancelledException.class, () -> ahead.read(window));
        assertTrue(stopped.await(10, TimeUnit.SECONDS));
    }

    @Test
    void aReadingNobodyTakesOverStopsWhenCancelled() throws Exception {
        CountDownLatch stopped = new CountDownLatch(1);
        ReadAhead ahead = ReadAhead.start(FILE, listener -> {
            readUntilCancelled(listener, stopped);
            return null;
        });
        ahead.cancel();
        assertTrue(stopped.await(10, TimeUnit.SECONDS), "a reading held for room stops too");
    }

    @Test
    void itReadsTheFileItWasStartedForHoweverItIsNamed() {
        ReadAhead ahead = ReadAhead.start(Path.of("dir/../run.test"), listener -> null);
        assertTrue(ahead.reads(Path.of("run.test").toAbsolutePath()));
        assertTrue(!ahead.reads(Path.of("other.test")));
    }

    /** An importer of an endless file: it adds events until it is told to stop, then says it stopped. */
    private static void readUntilCancelled(ImportListener listener, CountDownLatch stopped) {
        for (int i = 0; !listener.isCancelled(); i++) {
            listener.added(event(i % 10));
        }
        stopped.countDown();
    }

    private static Event event(int seq) {
        return new Event(seq, "MSG", "", "t" + (seq % 3), SourceRef.line(FILE.toString(), seq + 1), "line " + seq,
                new Payload.ControlMessage("line " + seq));
    }

    /** The window's side: what it was handed. */
    private static final class Recorder implements ImportListener {
        final List<Event> events = new ArrayList<>();
        int threadsRead;
        long lastTotal = -1;
        volatile boolean cancelled;

        @Override
        public void progress(long bytesRead, long totalBytes) {
            lastTotal = totalBytes;
        }

        @Override
        public void added(Event event) {
            events.add(event);
        }

        @Override
        public void threadRead(TraceThread thread, String rulesFormat) {
            threadsRead++;
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }
    }
}
