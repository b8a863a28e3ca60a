package dev.tracedeck.desktop.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.desktop.settings.MemorySettingsStore;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.desktop.window.MainWindow;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.workspace.Author;
import dev.tracedeck.workspace.EventNote;
import dev.tracedeck.workspace.FileIdentity;
import dev.tracedeck.workspace.TestPostgres;
import dev.tracedeck.workspace.TriageStatus;
import dev.tracedeck.workspace.WorkspaceAddress;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File ▸ Workspace… in the window, headless and synchronous: the window switches to the workspace typed — an SQLite
 * file, or a database on a real PostgreSQL server (the workspace tests' {@link TestPostgres}) — and what it shows of
 * the workspace (triage marks, notes on the open file) is read from the new one; one that can't be opened is one line
 * in the dialog, which stays open, and the window stays where it was.
 */
@ExtendWith({ApplicationExtension.class, TestPostgres.class})
class WorkspaceDialogTest {

    private Path dir;
    private WorkspaceLink link;
    private OpenFilesViewModel openFiles;
    private MemorySettingsStore settings;
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        dir = Files.createTempDirectory("workspace-dialog");
        NoticesViewModel notices = new NoticesViewModel();
        link = new WorkspaceLink(dir.resolve("first.db"), Clock.systemUTC(), new SyncTaskRunner(), notices);
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run), Optional.of(link));
        settings = new MemorySettingsStore();
        window = new MainWindow(stage, openFiles, settings);
        window.show();
    }

    @AfterEach
    void closeLink() {
        link.close();
    }

    @Test
    void switchesToAnotherSqliteFileAndShowsItsMarksAndNotes(FxRobot robot) throws Exception {
        Path log = SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir);
        robot.interact(() -> openFiles.open(List.of(log)));
        TraceViewModel trace = openFiles.selectedTrace().orElseThrow();
        Event event = trace.detail().shownEventProperty().get();
        Path second = dir.resolve("second.db");
        try (WorkspaceStore store = WorkspaceStore.open(second, Clock.systemUTC())) {
            store.mark("f".repeat(64), TriageStatus.ACCEPTED, "known in the second");
            store.annotations().addNote(FileIdentity.sha256(log), event.seq(), "a note kept in the second workspace");
        }
        assertTrue(openFiles.triage().marks().isEmpty());

        open(robot, second.toString());

        assertFalse(robot.lookup("#workspace-location").tryQuery().isPresent(), "the dialog closes once the window is on it");
        assertEquals(WorkspaceAddress.file(second), link.address());
        assertEquals(List.of("f".repeat(64)), List.copyOf(openFiles.triage().marks().keySet()));
        assertEquals(List.of("a note kept in the second workspace"),
                trace.annotations().notesOf(event).stream().map(EventNote::text).toList());
        assertEquals(Optional.of(second.toString()), settings.get(WorkspaceChoice.SETTING));
    }

    @Test
    void switchesToADatabaseOnAServerAndShowsWhoWroteEachNote(FxRobot robot) throws Exception {
        Path log = SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir);
        robot.interact(() -> openFiles.open(List.of(log)));
        TraceViewModel trace = openFiles.selectedTrace().orElseThrow();
        Event event = trace.detail().shownEventProperty().get();
        WorkspaceAddress server = TestPostgres.newDatabase();
        try (WorkspaceStore store = WorkspaceStore.open(server, Clock.systemUTC())) {
            store.annotations().addNote(FileIdentity.sha256(log), event.seq(), "seen on the team's server");
        }

        open(robot, server.toString());

        assertEquals(server, link.address());
        EventNote note = trace.annotations().notesOf(event).get(0);
        assertEquals("seen on the team's server", note.text());
        assertEquals(Optional.of(Author.current()), note.author());
        assertTrue(robot.lookup(".annotation-when").queryAllAs(Label.class).stream()
                .anyMatch(l -> l.getText().endsWith(" · " + Author.current())), "the detail pane says who wrote it");
        // What the window records from now on goes to the server, with its author.
        Path other = SampleLogs.copy(SampleLogs.AFTER_TOOL_ONLY, dir);
        robot.interact(() -> openFiles.open(List.of(other)));
        try (WorkspaceStore store = WorkspaceStore.open(server, Clock.systemUTC())) {
            assertEquals(List.of(FileIdentity.key(other)), store.runs().stream().map(r -> r.file().path()).toList());
        }
    }

    @Test
    void aServerThatCannotBeReachedIsOneLineAndTheWindowStaysOnItsWorkspace(FxRobot robot) {
        String nowhere = "postgresql://127.0.0.1:1/traces";
        open(robot, nowhere);

        Label error = robot.lookup("#workspace-error").queryAs(Label.class);
        assertTrue(error.isVisible());
        assertTrue(error.getText().startsWith(nowhere + ": cannot open the workspace (the server went away or can't be reached: "),
                error.getText());
        assertFalse(error.getText().contains("\n"), error.getText());
        assertTrue(robot.lookup("#workspace-location").tryQuery().isPresent(), "the dialog stays, to try another");
        assertEquals(WorkspaceAddress.file(dir.resolve("first.db")), link.address());
        assertEquals(Optional.empty(), settings.get(WorkspaceChoice.SETTING));
        robot.clickOn("Cancel");
    }

    /** File ▸ Workspace…, {@code location} typed, Open. */
    private void open(FxRobot robot, String location) {
        // Shown and waited for, as the menu shows it: its own event loop runs the robot's events meanwhile.
        Platform.runLater(window::chooseWorkspace);
        WaitForAsyncUtils.waitForFxEvents();
        TextField field = robot.lookup("#workspace-location").queryAs(TextField.class);
        robot.interact(() -> field.setText(location));
        robot.clickOn("#workspace-open");
        WaitForAsyncUtils.waitForFxEvents();
    }
}
