package dev.tracedeck.desktop.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.ManualTaskRunner;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.RunRecord;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenFilesViewModelTest {

    @TempDir
    Path dir;

    private final NoticesViewModel notices = new NoticesViewModel();

    private OpenFilesViewModel openFiles(TaskRunner imports) {
        return new OpenFilesViewModel(Importers.standard(), imports, new SyncTaskRunner(), new Validator(RuleConfig.DEFAULT), notices,
                new ErrorBoundary(notices, Runnable::run));
    }

    @Test
    void aFileReadBeforeTheWindowShowsItsRowsAtOnceAndIsNotReadAgain() throws Exception {
        ManualTaskRunner imports = new ManualTaskRunner();
        OpenFilesViewModel openFiles = openFiles(imports);
        openFiles.signAsRead(true);
        Path log = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);
        CountDownLatch read = new CountDownLatch(1);
        int[] readings = {0};
        ReadAhead ahead = ReadAhead.start(log, listener -> {
            readings[0]++;
            Trace trace = Importers.standard().read(ImportSource.of(log), listener);
            read.countDown();
            return trace;
        });
        assertTrue(read.await(30, TimeUnit.SECONDS));

        openFiles.open(List.of(log), Optional.of(ahead));

        TraceDocument document = openFiles.getSelected();
        assertFalse(document.isReady(), "the window's import has not run yet");
        assertEquals(77, document.model().timeline().table().rows().size(), "the rows read ahead, before any import ran");
        imports.runNext();
        assertTrue(document.isReady(), notices.notices().toString());
        assertEquals("tea-trip.log — 77 events · 3 threads · 0 other · 2 malformed", openFiles.statusProperty().get());
        assertEquals(1, readings[0], "read once");
        assertTrue(document.getContent().timeline().search().searchIndexing().isEmpty(),
                "the rows shown before the import ran were signed for search with the rest, as read");
    }

    @Test
    void opensALogAndSummarisesItsImport() {
        OpenFilesViewModel openFiles = openFiles(new SyncTaskRunner());
        Path log = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);

        openFiles.open(List.of(log));

        TraceDocument document = openFiles.getSelected();
        assertTrue(document.isReady());
        assertEquals("tea-trip.log", document.name());
        assertEquals("tea-trip.log — 77 events · 3 threads · 0 other · 2 malformed", openFiles.statusProperty().get());
        assertEquals(77, document.getContent().timeline().table().totalCount());
        assertEquals(77 - 8, document.getContent().timeline().table().rows().size(), "8 LLM calls answered: one row each");
        assertFalse(openFiles.progress().isBusy());
        assertTrue(notices.notices().isEmpty());
    }

    @Test
    void aWindowAskedToParseTextCallsLiftsThemInEachFileItReads() {
        Path log = SampleLogs.copy("sample-logs/mycelian/text-tool-calls.log", dir);
        for (TextCallLifting lifting : TextCallLifting.values()) {
            OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), lifting, new SyncTaskRunner(),
                    new SyncTaskRunner(), new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run),
                    Optional.empty());
            openFiles.open(List.of(log));

            long lifted = openFiles.getSelected().getContent().loaded().trace().events().stream()
                    .filter(e -> e.payload() instanceof Payload.StateDump dump
                            && dump.snapshot().entries().stream().anyMatch(entry -> entry.parsedFromText() > 0))
                    .count();
            assertEquals(lifting == TextCallLifting.ON, lifted > 0, lifting + ": " + lifted + " dumps with lifted calls");
        }
    }

    @Test
    void opensAClaudeCodeProjectFolderAsOneDocumentWithASubAgentThread() throws Exception {
        OpenFilesViewModel openFiles = openFiles(new SyncTaskRunner());
        Path project = dir.resolve("-home-me-demo");
        String session = "44444444-aaaa-4bbb-8ccc-000000000004";
        String line = "{\"parentUuid\":null,\"isSidechain\":%s,\"sessionId\":\"" + session + "\"%s,\"type\":\"user\","
                + "\"message\":{\"role\":\"user\",\"content\":\"%s\"},\"uuid\":\"u1\",\"timestamp\":\"2026-02-11T21:24:19Z\"}\n";
        Files.createDirectories(project.resolve(session).resolve("subagents"));
        Files.writeString(project.resolve(session + ".jsonl"), String.format(line, false, "", "Look around."));
        Files.writeString(project.resolve(session).resolve("subagents").resolve("agent-e1e2e3e.jsonl"),
                String.format(line, true, ",\"agentId\":\"e1e2e3e\"", "Find the README."));

        openFiles.open(List.of(project));

        TraceDocument document = openFiles.getSelected();
        assertTrue(document.isReady(), notices.notices().toString());
        assertEquals("-home-me-demo", document.name());
        assertEquals(List.of(session, session + "/agent-e1e2e3e"), document.getContent().loaded().trace().threads().stream()
                .map(t -> t.id()).toList());
        assertTrue(notices.notices().isEmpty(), notices.notices().toString());
    }

    @Test
    void aFileThatCannotBeReadBecomesAShortNoticeNotADocument() {
        OpenFilesViewModel openFiles = openFiles(new SyncTaskRunner());
        Path missing = dir.resolve("missing.log");

        openFiles.open(List.of(missing));

        assertTrue(openFiles.documents().isEmpty());
        assertNull(openFiles.getSelected());
        assertEquals(List.of(Notice.error("Could not open " + missing + ": no such file")), notices.notices());
    }

    @Test
    void showsProgressWhileImportingAndCancelClosesTheFile() {
        ManualTaskRunner imports = new ManualTaskRunner();
        OpenFilesViewModel openFiles = openFiles(imports);

        openFiles.open(List.of(SampleLogs.copy(SampleLogs.TEA_TRIP, dir)));
        assertTrue(openFiles.progress().isBusy());
        assertFalse(openFiles.getSelected().isReady());
        imports.progressNext(0.5);
        assertEquals(0.5, openFiles.progress().fractionProperty().get());
        assertEquals("Importing tea-trip.log… 50%", openFiles.progress().labelProperty().get());

        openFiles.cancelImports();

        assertFalse(openFiles.progress().isBusy());
        assertTrue(openFiles.documents().isEmpty());
        assertEquals(0, imports.pendingCount());
    }

    @Test
    void sumsUpSeveralImportsAndSelectsTheFirstNamed() {
        ManualTaskRunner imports = new ManualTaskRunner();
        OpenFilesViewModel openFiles = openFiles(imports);
        Path first = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);
        Path second = SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir);

        openFiles.open(List.of(first, second));

        assertEquals("Importing 2 files…", openFiles.progress().labelProperty().get());
        assertEquals("tea-trip.log", openFiles.getSelected().name());
        imports.runNext();
        imports.runNext();
        assertFalse(openFiles.progress().isBusy());
        assertTrue(openFiles.documents().stream().allMatch(TraceDocument::isReady));
    }

    @Test
    void openingAnOpenFileSelectsItInsteadOfReadingItAgain() {
        OpenFilesViewModel openFiles = openFiles(new SyncTaskRunner());
        Path log = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);
        openFiles.open(List.of(log));
        TraceDocument document = openFiles.getSelected();
        openFiles.select(null);

        openFiles.open(List.of(log));

        assertEquals(1, openFiles.documents().size());
        assertSame(document, openFiles.getSelected());
    }

    @Test
    void closingSelectsANeighbour() {
        OpenFilesViewModel openFiles = openFiles(new SyncTaskRunner());
        openFiles.open(List.of(SampleLogs.copy(SampleLogs.TEA_TRIP, dir), SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir)));

        assertEquals("tea-trip.log", openFiles.getSelected().name(), "the first named");
        openFiles.closeSelected();

        assertEquals("before-prebuilt-react.log", openFiles.getSelected().name());
        openFiles.closeSelected();
        assertNull(openFiles.getSelected());
        assertEquals("", openFiles.statusProperty().get());
    }

    @Test
    void checksAnImportedLogInTheBackgroundAndSummarisesItsFindings() {
        ManualTaskRunner imports = new ManualTaskRunner();
        OpenFilesViewModel openFiles = openFiles(imports);
        openFiles.open(List.of(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir)));
        assertNull(openFiles.findingsProperty().get());

        imports.runNext();
        assertEquals("Checking 3 threads…", openFiles.findingsProperty().get().text());
        imports.runNext();

        assertEquals("6 errors · 0 warnings · 3 threads checked", openFiles.findingsProperty().get().text());
        assertEquals(6, openFiles.selectedTrace().orElseThrow().findings().findingsInScope().size());
    }

    @Test
    void closingAFileStopsItsChecks() {
        ManualTaskRunner imports = new ManualTaskRunner();
        OpenFilesViewModel openFiles = openFiles(imports);
        openFiles.open(List.of(SampleLogs.copy(SampleLogs.TEA_TRIP, dir)));
        imports.runNext();
        assertEquals(1, imports.pendingCount(), "the checks wait");

        openFiles.closeSelected();

        assertEquals(0, imports.pendingCount());
        assertNull(openFiles.findingsProperty().get());
    }

    @Test
    void recordsEachOpenedFileInTheWorkspaceWithItsFindingsOnceChecked() throws Exception {
        Path file = dir.resolve("ws").resolve("workspace.db");
        ManualTaskRunner store = new ManualTaskRunner();
        WorkspaceLink link = new WorkspaceLink(file, Clock.systemUTC(), store, notices);
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run), Optional.of(link));
        Path log = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);

        openFiles.open(List.of(log));

        assertFalse(Files.exists(file), "nothing is written on the calling thread: the store's runner does it");
        assertEquals(1, store.pendingCount());
        store.runNext();
        link.close();
        try (WorkspaceStore opened = WorkspaceStore.open(file, Clock.systemUTC())) {
            List<RunRecord> runs = opened.runs();
            assertEquals(1, runs.size());
            assertEquals(log.toAbsolutePath().normalize().toString(), runs.get(0).file().path());
            assertEquals(3, runs.get(0).threads());
            assertTrue(runs.get(0).file().hashed(), "the app takes the hash in the background, where nobody waits");
            assertTrue(runs.get(0).indexed(), "and indexes it there");
            assertEquals(openFiles.getSelected().getContent().findings().validation().orElseThrow().findings().stream()
                    .filter(f -> f.severity() == Severity.ERROR).count(), runs.get(0).errors().orElseThrow());
        }
        assertEquals(log.toAbsolutePath().normalize().toString(), openFiles.lastRecordedProperty().get().file().path());
        assertTrue(notices.notices().isEmpty());
    }

    @Test
    void aFileThatChangedBeforeItsFindingsWereFingerprintedIsANoticeAndIsNotRecorded() throws Exception {
        Path file = dir.resolve("workspace.db");
        ManualTaskRunner store = new ManualTaskRunner();
        WorkspaceLink link = new WorkspaceLink(file, Clock.systemUTC(), store, notices);
        ManualTaskRunner imports = new ManualTaskRunner();
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), imports, new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run), Optional.of(link));
        // The assistant's call at line 3 gets no result: a finding whose evidence is a range of the file.
        String chat = """
                {"role": "user", "content": "Book a table for two at eight."}
                {"role": "user", "content": "Any luck?"}
                {"role": "assistant", "content": "Looking for a table.", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "find_table", "arguments": "{}"}}]}
                """;
        Path log = Files.writeString(dir.resolve("booking.jsonl"), chat);
        openFiles.open(List.of(log));
        imports.runNext();
        Files.writeString(log, chat.replace("Looking for", "Seeking for"));

        imports.runNext();

        var findings = openFiles.getSelected().getContent().findings();
        assertEquals(1, findings.validation().orElseThrow().findings().size(), "the check itself reads no file");
        assertEquals(Optional.empty(), findings.fingerprints().of(findings.validation().orElseThrow().findings().get(0)));
        assertEquals(1, notices.notices().size(), notices.notices().toString());
        Notice notice = notices.notices().get(0);
        assertEquals(Notice.Severity.WARNING, notice.severity());
        assertTrue(notice.text().startsWith(log + ":3: cannot read the record back as it was read: the file changed since "
                + "it was opened"), notice.text());
        assertTrue(notice.text().contains("1 finding can't be fingerprinted"), notice.text());
        assertEquals(0, store.pendingCount(), "nothing to record");
        link.close();
        assertFalse(Files.exists(file));
    }

    @Test
    void aWorkspaceThatCannotBeOpenedIsANoticeAndTheFileStaysOpen() throws Exception {
        Path notAWorkspace = Files.writeString(dir.resolve("other.db"), "not sqlite at all, and more than a header's worth of text");
        WorkspaceLink link = new WorkspaceLink(notAWorkspace, Clock.systemUTC(), new SyncTaskRunner(), notices);
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run), Optional.of(link));

        openFiles.open(List.of(SampleLogs.copy(SampleLogs.TEA_TRIP, dir)));

        assertTrue(openFiles.getSelected().isReady());
        assertEquals(1, notices.notices().size());
        assertTrue(notices.notices().get(0).text().startsWith("Workspace: " + notAWorkspace), notices.notices().get(0).text());
    }

    @Test
    void openingAtAnEventSelectsItOnceTheFileIsRead() {
        ManualTaskRunner imports = new ManualTaskRunner();
        OpenFilesViewModel openFiles = openFiles(imports);
        Path log = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);

        openFiles.openAt(log, 40);
        assertFalse(openFiles.getSelected().isReady());
        imports.runNext();

        assertEquals(40, openFiles.getSelected().getContent().timeline().selection().getSelectedEvent().seq());
        openFiles.openAt(log, 12);
        assertEquals(12, openFiles.getSelected().getContent().timeline().selection().getSelectedEvent().seq(), "already open: at once");
    }
}
