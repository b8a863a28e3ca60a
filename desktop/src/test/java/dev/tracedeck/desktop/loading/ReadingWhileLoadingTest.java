package dev.tracedeck.desktop.loading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.Batches;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file's tab shows its events while the import still runs, and the finished trace's views open where the user
 * was: on the thread they narrowed to and the event they picked.
 */
class ReadingWhileLoadingTest {

    @TempDir
    Path dir;

    private final NoticesViewModel notices = new NoticesViewModel();

    @Test
    void rowsArriveWhileReadingAndTheFinishedViewsOpenAtThePickedEvent() throws Exception {
        Path file = Files.writeString(dir.resolve("run.test"), "six events\n");
        TraceDocument[] document = new TraceDocument[1];
        int[] rowsSeenMidway = {-1};
        OpenFilesViewModel[] workspace = new OpenFilesViewModel[1];
        // Halfway through, the user picks thread "b" and its first event, while the rest is still to be read.
        Importers importers = new Importers(List.of(new SixEvents(() -> {
            document[0] = workspace[0].documents().get(0);
            LoadingViewModel loading = document[0].loading();
            rowsSeenMidway[0] = loading.timeline().rows().size();
            ThreadSummary b = loading.threads().threads().stream()
                    .filter(r -> r.threadId().equals(Optional.of("b"))).findFirst().orElseThrow();
            loading.threads().select(b);
            loading.timeline().select(loading.timeline().rows().get(0));
        })));
        workspace[0] = new OpenFilesViewModel(importers, new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));

        workspace[0].open(List.of(file));

        assertEquals(3, rowsSeenMidway[0], "the first three events were shown before the rest was read");
        TraceDocument opened = workspace[0].getSelected();
        assertTrue(opened.isReady(), notices.notices().toString());
        assertNull(opened.loading(), "the loading rows are let go once the trace is ready");
        assertEquals(Optional.of("b"), opened.getContent().threads().selectedThreadId());
        Event selected = opened.getContent().timeline().getSelectedEvent();
        assertEquals(1, selected.seq(), "the event picked while reading, in the finished trace");
        assertFalse(opened.getContent().timeline().rows().isEmpty());
    }

    /** Adds three events on threads a and b, lets the test act, then adds three more. */
    private static final class SixEvents implements TraceImporter {
        private final Runnable midway;

        SixEvents(Runnable midway) {
            this.midway = midway;
        }

        @Override
        public String formatId() {
            return "six-events";
        }

        @Override
        public int confidence(String head) {
            return head.startsWith("six events") ? 100 : 0;
        }

        @Override
        public Trace read(ImportSource source, ImportListener listener) {
            TraceBuilder builder = new TraceBuilder(listener::added);
            Consumer<Integer> add = i -> builder.add("", "", i % 2 == 0 ? "a" : "b", new SourceRef(source.name(), 1, 1),
                    "event " + i, new Payload.Unparsed(false, "test"));
            for (int i = 0; i < 3; i++) {
                add.accept(i);
            }
            // Rows go out a few times a second: wait out one interval, then report progress as an importer does.
            try {
                Thread.sleep(Batches.BATCH_NANOS / 1_000_000 + 20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            listener.progress(5, 11);
            midway.run();
            for (int i = 3; i < 6; i++) {
                add.accept(i);
            }
            return builder.build(new ImportReport(source.name(), formatId(), 11, 1, 6, 6, 0, Map.of(), List.of(), 0, true));
        }
    }
}
