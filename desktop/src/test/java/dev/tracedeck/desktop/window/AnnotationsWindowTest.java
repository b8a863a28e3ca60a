package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.workspace.EventNote;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The workspace from the window, headless and synchronous: notes and bookmarks on events from the detail pane and
 * the keyboard, kept in the workspace and shown in the timeline; File ▸ Open Recent reopening a recorded file.
 */
@ExtendWith(ApplicationExtension.class)
class AnnotationsWindowTest {

    private Path dir;
    private Path file;
    private WorkspaceLink link;
    private OpenFilesViewModel openFiles;

    @Start
    void start(Stage stage) throws Exception {
        dir = Files.createTempDirectory("annotations-window");
        file = dir.resolve("workspace.db");
        NoticesViewModel notices = new NoticesViewModel();
        link = new WorkspaceLink(file, Clock.systemUTC(), new SyncTaskRunner(), notices);
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run), Optional.of(link));
        new MainWindow(stage, openFiles).show();
    }

    @AfterEach
    void closeLink() {
        link.close();
    }

    @Test
    void ctrlBBookmarksTheEventShownCtrlNAddsANoteAndBothAreKeptAndShown(FxRobot robot) throws Exception {
        Path log = SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir);
        robot.interact(() -> openFiles.open(List.of(log)));
        TraceViewModel trace = openFiles.selectedTrace().orElseThrow();
        Event shown = trace.detail().shownEventProperty().get();
        assertTrue(trace.annotations().isReady(), "recorded once checked, so its events can be annotated");

        robot.press(KeyCode.CONTROL, KeyCode.B).release(KeyCode.B, KeyCode.CONTROL);

        assertEquals("★ Bookmarked", robot.lookup("#detail-bookmark").queryAs(Button.class).getText());
        assertTrue(seqCellText(robot, shown).contains("★"), "the timeline marks the row");

        robot.press(KeyCode.CONTROL, KeyCode.N).release(KeyCode.N, KeyCode.CONTROL);
        TextField editor = robot.lookup("#detail-note-editor").queryAs(TextField.class);
        assertTrue(editor.isFocused(), "the note field takes the keyboard");
        robot.write("the second add_entry: a retry, not the model");
        robot.type(KeyCode.ENTER);

        assertTrue(annotationTexts(robot).contains("the second add_entry: a retry, not the model"), annotationTexts(robot).toString());
        assertFalse(robot.lookup("#detail-note-editor").tryQuery().isPresent(), "Enter closes the field");
        assertTrue(seqCellText(robot, shown).contains("✎"));
        String sha;
        try (WorkspaceStore store = WorkspaceStore.open(file, Clock.systemUTC())) {
            sha = store.runs().get(0).file().sha256();
            assertEquals(List.of(shown.seq()), store.annotations().bookmarks(sha).stream().map(b -> b.seq()).toList());
            assertEquals(List.of("the second add_entry: a retry, not the model"),
                    store.annotations().notes(sha).stream().map(EventNote::text).toList());
        }

        // Elsewhere in the trace, F2 comes back to the bookmark.
        robot.interact(() -> trace.timeline().selection().select(trace.loaded().trace().event(0)));
        assertNotEquals(shown, trace.detail().shownEventProperty().get());
        robot.type(KeyCode.F2);
        assertEquals(shown, trace.detail().shownEventProperty().get());

        robot.clickOn(".annotation-delete");
        assertFalse(annotationTexts(robot).contains("the second add_entry: a retry, not the model"));
        robot.press(KeyCode.CONTROL, KeyCode.B).release(KeyCode.B, KeyCode.CONTROL);
        assertEquals("☆ Bookmark", robot.lookup("#detail-bookmark").queryAs(Button.class).getText());
        try (WorkspaceStore store = WorkspaceStore.open(file, Clock.systemUTC())) {
            assertTrue(store.annotations().notes(sha).isEmpty());
            assertTrue(store.annotations().bookmarks(sha).isEmpty());
        }
    }

    @Test
    void escapeDropsTheNoteAndABlankNoteIsNotKept(FxRobot robot) throws Exception {
        robot.interact(() -> openFiles.open(List.of(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir))));
        robot.clickOn("#detail-note");
        robot.write("never mind");
        robot.type(KeyCode.ESCAPE);
        robot.clickOn("#detail-note");
        robot.write("   ");
        robot.type(KeyCode.ENTER);

        assertTrue(annotationTexts(robot).isEmpty(), annotationTexts(robot).toString());
        try (WorkspaceStore store = WorkspaceStore.open(file, Clock.systemUTC())) {
            assertTrue(store.annotations().notes(store.runs().get(0).file().sha256()).isEmpty());
        }
    }

    @Test
    void openRecentListsTheRecordedFileAndReopensIt(FxRobot robot) {
        Path log = SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir);
        robot.interact(() -> openFiles.open(List.of(log)));
        robot.interact(() -> openFiles.closeSelected());
        assertTrue(openFiles.documents().isEmpty());

        robot.clickOn("File");
        robot.clickOn("#menu-open-recent");
        MenuItem recent = recentItems(robot).stream().filter(i -> i.getText().contains(log.toAbsolutePath().toString()))
                .findFirst().orElseThrow(() -> new AssertionError(recentItems(robot).stream().map(MenuItem::getText).toList().toString()));
        robot.interact(recent::fire);

        assertEquals(1, openFiles.documents().size());
        assertEquals(log.getFileName().toString(), openFiles.getSelected().name());
    }

    private static List<MenuItem> recentItems(FxRobot robot) {
        MenuBar bar = robot.lookup("#main-menu").queryAs(MenuBar.class);
        Menu file = bar.getMenus().get(0);
        Menu recent = (Menu) file.getItems().stream().filter(i -> "menu-open-recent".equals(i.getId())).findFirst().orElseThrow();
        return recent.getItems();
    }

    private static List<String> annotationTexts(FxRobot robot) {
        return robot.lookup("#detail-annotations .annotation-text").queryAllAs(Label.class).stream().map(Label::getText).toList();
    }

    private static String seqCellText(FxRobot robot, Event event) {
        return robot.lookup("#timeline-table .table-cell.seq-column").<TableCell<Event, Integer>>queryAll().stream()
                .filter(c -> c.getTableRow() != null && c.getTableRow().getItem() == event)
                .map(c -> c.getText() + (c.getGraphic() instanceof Label l ? l.getText() : ""))
                .findFirst().orElse("");
    }

}
