package dev.tracedeck.desktop.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.ManualTaskRunner;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The tab of a file still being read, headless at 1280×720: the loading strip over the file's own panes, whose rows,
 * threads and counts grow batch by batch; once the file is read whole the strip goes and the same panes show it.
 */
@ExtendWith(ApplicationExtension.class)
class ReadingTabTest {

    @TempDir
    Path dir;

    private final NoticesViewModel notices = new NoticesViewModel();
    private final ManualTaskRunner imports = new ManualTaskRunner();
    private Trace trace;
    private List<Event> events;
    private TraceDocument document;
    private OpenFilesView view;

    @Start
    void start(Stage stage) throws Exception {
        Path log = SampleLogs.copy(SampleLogs.TEA_TRIP, dir);
        trace = Importers.standard().read(ImportSource.of(log), new ImportListener() { });
        events = trace.events();
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), imports, new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        view = new OpenFilesView(openFiles, () -> { });
        openFiles.open(List.of(log));
        document = openFiles.getSelected();
        Scene scene = new Scene(view, 1280, 720);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(ReadingTabTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        stage.setScene(scene);
        stage.show();
    }

    @Test
    @SuppressWarnings("unchecked")
    void showsEachBatchAsItArrivesThenTheTraceWholeInTheSamePanes(FxRobot robot) {
        TableView<Event> table = robot.from(view).lookup("#timeline-table").queryAs(TableView.class);
        ListView<?> threads = robot.from(view).lookup("#thread-list").queryAs(ListView.class);
        Label counts = robot.from(view).lookup("#loading-counts").queryAs(Label.class);
        assertEquals(0, table.getItems().size());

        robot.interact(() -> document.model().append(events.subList(0, 10)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(10, table.getItems().size());
        assertTrue(counts.getText().startsWith("10 events · "), counts.getText());

        robot.interact(() -> document.model().append(events.subList(10, events.size())));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(events.size(), table.getItems().size(), "a growing timeline pairs no LLM call yet");
        assertEquals(trace.threads().size() + 1, threads.getItems().size());
        assertEquals(threads.getItems().get(0), threads.getSelectionModel().getSelectedItem(), "All threads stays selected");
        javafx.scene.control.Tab tree = centerTab(robot, "center-tree");
        assertTrue(tree.isDisable(), "the views of a whole trace wait for it");
        assertFalse(centerTab(robot, "center-timeline").isDisable());

        robot.interact(imports::runNext);
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(document.isReady(), notices.notices().toString());
        assertTrue(robot.from(view).lookup("#loading-counts").tryQuery().isEmpty(), "the strip goes with the reading");
        assertSame(table, robot.from(view).lookup("#timeline-table").queryAs(TableView.class), "the same panes");
        assertEquals(events.size() - 8, table.getItems().size(), "8 LLM calls answered: one row each");
        assertFalse(tree.isDisable());
    }

    private javafx.scene.control.Tab centerTab(FxRobot robot, String id) {
        javafx.scene.control.TabPane center = robot.from(view).lookup(".center-tabs").queryAs(javafx.scene.control.TabPane.class);
        return center.getTabs().stream().filter(t -> id.equals(t.getId())).findFirst().orElseThrow();
    }

    @Test
    void theStripSaysWhereTheFindingsStandAndThePanelComesWithTheFirstThreadChecked(FxRobot robot) {
        robot.interact(() -> document.model().append(events));
        assertTrue(robot.from(view).lookup("#findings-panel").tryQuery().isEmpty(), "no findings before a thread is checked");
        Label note = robot.from(view).lookup("#loading-note").queryAs(Label.class);
        assertEquals("Findings follow once the whole file is read", note.getText());
        robot.interact(() -> document.model().readSoFar().orElseThrow().checkingAsRead());
        assertEquals("Checking the threads as they are read…", note.getText(), "an importer said a first thread is read");

        List<ThreadChecklist> checklists = new Validator(RuleConfig.DEFAULT).validate(trace).threads();
        robot.interact(() -> {
            Consumer<ThreadChecklist> checked = document.model().checkAsRead(document.path().toString());
            checklists.forEach(checked);
        });
        WaitForAsyncUtils.waitForFxEvents();

        ListView<?> findings = robot.from(view).lookup("#findings-panel .list-view").queryAs(ListView.class);
        assertFalse(findings.getItems().isEmpty(), "the threads checked so far are listed");
        assertEquals("Findings of the threads read so far below", note.getText());
        Label summary = robot.from(view).lookup("#findings-summary").queryAs(Label.class);
        assertTrue(summary.getText().startsWith("Checking… "), summary.getText());
    }
}
