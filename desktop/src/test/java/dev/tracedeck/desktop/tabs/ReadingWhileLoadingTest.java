package dev.tracedeck.desktop.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.Batches;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.desktop.common.WorkerTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file's tab shows its events while the import still runs, in the view-model that then shows the trace whole: what
 * the user picked, filtered and searched meanwhile is what they find once the file is read. Cancelled halfway, the
 * file closes and nothing of its reading goes on.
 */
class ReadingWhileLoadingTest {

    /** How many events of the sample the window shows before the user acts. */
    private static final int MIDWAY = 20;

    @TempDir
    Path dir;

    private final NoticesViewModel notices = new NoticesViewModel();

    @Test
    void whatIsPickedWhileReadingIsWhatTheTraceReadWholeShows() throws Exception {
        Path log = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);
        OpenFilesViewModel[] window = new OpenFilesViewModel[1];
        TraceViewModel[] midway = new TraceViewModel[1];
        int[] rowsSeenMidway = {-1};
        Event[] picked = new Event[1];
        TraceImporter paused = new PausedMidway(log, () -> {
            TraceViewModel reading = window[0].documents().get(0).model();
            midway[0] = reading;
            rowsSeenMidway[0] = reading.timeline().table().rows().size();
            assertTrue(reading.readingProperty().get());
            // The user narrows to the thread read most of, hides state dumps, searches and picks the last row found.
            ThreadSummary most = reading.threads().threads().stream().skip(1)
                    .max(Comparator.comparingInt(ThreadSummary::events)).orElseThrow();
            reading.threads().select(most);
            reading.timeline().filter().showKind(EventKind.STATE, false);
            reading.timeline().search().search("add_entry");
            List<Event> found = reading.timeline().table().rows();
            picked[0] = found.get(found.size() - 1);
            reading.timeline().selection().select(picked[0]);
        });
        window[0] = openFiles(paused, new SyncTaskRunner());

        window[0].open(List.of(log));

        assertTrue(rowsSeenMidway[0] > 0, "rows were shown before the rest was read");
        TraceDocument opened = window[0].getSelected();
        assertTrue(opened.isReady(), notices.notices().toString());
        TraceViewModel content = opened.getContent();
        assertSame(midway[0], content, "one view-model from the first events read to the trace whole");
        assertFalse(content.readingProperty().get());
        Trace trace = content.loaded().trace();
        String thread = picked[0].threadId();
        assertEquals(Optional.of(thread), content.threads().selectedThreadId());
        assertEquals("add_entry", content.timeline().filter().filterProperty().get().search());
        assertFalse(content.timeline().filter().filterProperty().get().kinds().contains(EventKind.STATE));
        Event selected = content.timeline().selection().getSelectedEvent();
        assertSame(trace.event(picked[0].seq()), selected, "the event picked while reading, in the trace read whole");
        List<Event> rows = content.timeline().table().rows();
        assertTrue(rows.contains(selected));
        assertTrue(rows.stream().allMatch(e -> e.threadId().equals(thread) && e.kind() != EventKind.STATE));
    }

    @Test
    void cancelledWhileReadingTheFileClosesAndItsReadingStops() throws Exception {
        Path log = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);
        CountDownLatch shown = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        try (WorkerTaskRunner imports = new WorkerTaskRunner()) {
            TraceImporter paused = new PausedMidway(log, () -> {
                shown.countDown();
                // The window's thread cancels meanwhile; the rest of the file is not read.
                try {
                    cancelled.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            OpenFilesViewModel openFiles = openFiles(paused, imports);
            openFiles.open(List.of(log));
            TraceDocument document = openFiles.getSelected();
            assertTrue(shown.await(10, TimeUnit.SECONDS));
            while (document.model().timeline().table().rows().isEmpty()) {
                assertTrue(imports.runCallback(10_000) >= 0, "the first rows come");
            }
            document.model().timeline().selection().select(document.model().timeline().table().rows().get(0));
            assertTrue(openFiles.progress().isBusy());

            openFiles.close(document);  // the loading strip's Cancel
            cancelled.countDown();
            while (imports.runCallback(500) >= 0) {
                // the import's last callbacks: cancelled, not loaded
            }

            assertTrue(openFiles.documents().isEmpty());
            assertFalse(openFiles.progress().isBusy());
            assertFalse(document.isReady(), "the trace is never shown: the import stopped");
            assertTrue(notices.notices().isEmpty(), "a cancel is no error: " + notices.notices());
        }
    }

    private OpenFilesViewModel openFiles(TraceImporter importer, TaskRunner imports) {
        return new OpenFilesViewModel(new Importers(List.of(importer)), imports, new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
    }

    /**
     * Reads a sample with its own importer, and after its first {@value #MIDWAY} events have reached the window lets
     * the test act before reading on.
     */
    private static final class PausedMidway implements TraceImporter {
        private final TraceImporter importer;
        private final Runnable midway;

        PausedMidway(Path sample, Runnable midway) throws ImportException {
            this.importer = Importers.standard().detect(ImportSource.of(sample));
            this.midway = midway;
        }

        @Override
        public String formatId() {
            return importer.formatId();
        }

        @Override
        public int confidence(String head) {
            return importer.confidence(head);
        }

        @Override
        public Trace read(ImportSource source, ImportListener listener) throws ImportException {
            int[] added = {0};
            return importer.read(source, new ImportListener() {
                @Override
                public void progress(long bytesRead, long totalBytes) {
                    listener.progress(bytesRead, totalBytes);
                }

                @Override
                public void added(Event event) {
                    listener.added(event);
                    if (++added[0] == MIDWAY) {
                        pause();
                        listener.progress(1, 2);
                        midway.run();
                    }
                }

                @Override
                public void threadRead(TraceThread thread, String rulesFormat) {
                    listener.threadRead(thread, rulesFormat);
                }

                @Override
                public boolean isCancelled() {
                    return listener.isCancelled();
                }
            });
        }

        /** Rows go out a few times a second: wait out one interval, for the next progress to hand them over. */
        private static void pause() {
            try {
                Thread.sleep(Batches.BATCH_NANOS / 1_000_000 + 20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
