package dev.tracedeck.app.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.app.common.ErrorBoundary;
import dev.tracedeck.app.common.ManualTaskRunner;
import dev.tracedeck.app.common.Notice;
import dev.tracedeck.app.common.NoticesViewModel;
import dev.tracedeck.app.common.SyncTaskRunner;
import dev.tracedeck.app.common.TaskRunner;
import dev.tracedeck.app.fixtures.SampleLogs;
import dev.tracedeck.importers.Importers;
import dev.tracedeck.model.rules.RuleConfig;
import dev.tracedeck.model.rules.Validator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceViewModelTest {

    @TempDir
    Path dir;

    private final NoticesViewModel notices = new NoticesViewModel();

    private WorkspaceViewModel workspace(TaskRunner imports) {
        return new WorkspaceViewModel(Importers.standard(), imports, new SyncTaskRunner(), new Validator(RuleConfig.DEFAULT), notices,
                new ErrorBoundary(notices, Runnable::run));
    }

    @Test
    void opensALogAndSummarisesItsImport() {
        WorkspaceViewModel workspace = workspace(new SyncTaskRunner());
        Path log = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);

        workspace.open(List.of(log));

        TraceDocument document = workspace.getSelected();
        assertTrue(document.isReady());
        assertEquals("tea-trip.log", document.name());
        assertEquals("tea-trip.log — 77 events · 3 threads · 0 other · 2 malformed", workspace.statusProperty().get());
        assertEquals(77, document.getContent().timeline().totalCount());
        assertEquals(77 - 8, document.getContent().timeline().rows().size(), "8 LLM calls answered: one row each");
        assertFalse(workspace.progress().isBusy());
        assertTrue(notices.notices().isEmpty());
    }

    @Test
    void aFileThatCannotBeReadBecomesAShortNoticeNotADocument() {
        WorkspaceViewModel workspace = workspace(new SyncTaskRunner());
        Path missing = dir.resolve("missing.log");

        workspace.open(List.of(missing));

        assertTrue(workspace.documents().isEmpty());
        assertNull(workspace.getSelected());
        assertEquals(List.of(Notice.error("Could not open " + missing + ": no such file")), notices.notices());
    }

    @Test
    void showsProgressWhileImportingAndCancelClosesTheFile() {
        ManualTaskRunner imports = new ManualTaskRunner();
        WorkspaceViewModel workspace = workspace(imports);

        workspace.open(List.of(SampleLogs.copy(SampleLogs.TEA_TRIP, dir)));
        assertTrue(workspace.progress().isBusy());
        assertFalse(workspace.getSelected().isReady());
        imports.progressNext(0.5);
        assertEquals(0.5, workspace.progress().fractionProperty().get());
        assertEquals("Importing tea-trip.log… 50%", workspace.progress().labelProperty().get());

        workspace.cancelImports();

        assertFalse(workspace.progress().isBusy());
        assertTrue(workspace.documents().isEmpty());
        assertEquals(0, imports.pendingCount());
    }

    @Test
    void sumsUpSeveralImportsAndSelectsTheFirstNamed() {
        ManualTaskRunner imports = new ManualTaskRunner();
        WorkspaceViewModel workspace = workspace(imports);
        Path first = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);
        Path second = SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir);

        workspace.open(List.of(first, second));

        assertEquals("Importing 2 files…", workspace.progress().labelProperty().get());
        assertEquals("tea-trip.log", workspace.getSelected().name());
        imports.runNext();
        imports.runNext();
        assertFalse(workspace.progress().isBusy());
        assertTrue(workspace.documents().stream().allMatch(TraceDocument::isReady));
    }

    @Test
    void openingAnOpenFileSelectsItInsteadOfReadingItAgain() {
        WorkspaceViewModel workspace = workspace(new SyncTaskRunner());
        Path log = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);
        workspace.open(List.of(log));
        TraceDocument document = workspace.getSelected();
        workspace.select(null);

        workspace.open(List.of(log));

        assertEquals(1, workspace.documents().size());
        assertSame(document, workspace.getSelected());
    }

    @Test
    void closingSelectsANeighbour() {
        WorkspaceViewModel workspace = workspace(new SyncTaskRunner());
        workspace.open(List.of(SampleLogs.copy(SampleLogs.TEA_TRIP, dir), SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir)));

        assertEquals("tea-trip.log", workspace.getSelected().name(), "the first named");
        workspace.closeSelected();

        assertEquals("before-prebuilt-react.log", workspace.getSelected().name());
        workspace.closeSelected();
        assertNull(workspace.getSelected());
        assertEquals("", workspace.statusProperty().get());
    }

    @Test
    void checksAnImportedLogInTheBackgroundAndSummarisesItsFindings() {
        ManualTaskRunner imports = new ManualTaskRunner();
        WorkspaceViewModel workspace = workspace(imports);
        workspace.open(List.of(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir)));
        assertNull(workspace.findingsProperty().get());

        imports.runNext();
        assertEquals("Checking 3 threads…", workspace.findingsProperty().get().text());
        imports.runNext();

        assertEquals("6 errors · 0 warnings · 3 threads checked", workspace.findingsProperty().get().text());
        assertEquals(6, workspace.selectedTrace().orElseThrow().findings().findingsInScope().size());
    }

    @Test
    void closingAFileStopsItsChecks() {
        ManualTaskRunner imports = new ManualTaskRunner();
        WorkspaceViewModel workspace = workspace(imports);
        workspace.open(List.of(SampleLogs.copy(SampleLogs.TEA_TRIP, dir)));
        imports.runNext();
        assertEquals(1, imports.pendingCount(), "the checks wait");

        workspace.closeSelected();

        assertEquals(0, imports.pendingCount());
        assertNull(workspace.findingsProperty().get());
    }
}
