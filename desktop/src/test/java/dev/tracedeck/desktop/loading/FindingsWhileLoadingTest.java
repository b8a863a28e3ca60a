package dev.tracedeck.desktop.loading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.findings.FindingsSummary;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.importers.openai.OpenAiChatImporter;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file of conversations has its threads checked as they are read: the loading tab lists their findings while the
 * rest is read, and the finished trace's findings are the verdict of checking it after the import.
 */
class FindingsWhileLoadingTest {

    @TempDir
    Path dir;

    private final NoticesViewModel notices = new NoticesViewModel();
    private final Validator validator = new Validator(RuleConfig.DEFAULT);

    @Test
    void findingsShowWhileTheFileIsReadAndTheVerdictIsCheckingsAfterTheImport() throws Exception {
        Path file = Files.copy(Path.of("../sample-logs/openai/fine-tuning.jsonl"), dir.resolve("fine-tuning.jsonl"));
        OpenFilesViewModel[] window = new OpenFilesViewModel[1];
        List<FindingsSummary> seen = new ArrayList<>();
        List<Integer> rows = new ArrayList<>();
        TraceImporter watched = new Watched(() -> {
            TraceViewModel loading = window[0].documents().get(0).model();
            seen.add(loading.findings().summaryProperty().get());
            rows.add(loading.findings().rows().size());
        });
        window[0] = new OpenFilesViewModel(new Importers(List.of(watched)), new SyncTaskRunner(), new SyncTaskRunner(),
                validator, notices, new ErrorBoundary(notices, Runnable::run));

        window[0].open(List.of(file));

        assertTrue(seen.size() >= 5, "each conversation but the last is told read: " + seen.size());
        assertEquals(1, seen.get(0).checked(), "the first thread's findings show as soon as it is checked");
        assertEquals(FindingsSummary.State.CHECKING, seen.get(0).state(), "until the whole file is checked");
        assertTrue(rows.get(0) > 0, "its rows are listed");
        TraceDocument document = window[0].getSelected();
        assertTrue(document.isReady(), notices.notices().toString());
        Trace trace = document.getContent().loaded().trace();
        assertEquals(validator.validate(trace), document.getContent().findings().validation().orElseThrow());
        assertEquals(FindingsSummary.State.DONE, document.getContent().findings().summaryProperty().get().state());
    }

    /** OpenAI chat, calling {@code told} after each thread it tells read, once the window has heard of it. */
    private static final class Watched implements TraceImporter {
        private final OpenAiChatImporter importer = new OpenAiChatImporter();
        private final Runnable told;

        Watched(Runnable told) {
            this.told = told;
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
            return importer.read(source, new ImportListener() {
                @Override
                public void progress(long bytesRead, long totalBytes) {
                    listener.progress(bytesRead, totalBytes);
                }

                @Override
                public void added(Event event) {
                    listener.added(event);
                }

                @Override
                public void threadRead(TraceThread thread, String rulesFormat) {
                    listener.threadRead(thread, rulesFormat);
                    told.run();
                }
            });
        }
    }
}
