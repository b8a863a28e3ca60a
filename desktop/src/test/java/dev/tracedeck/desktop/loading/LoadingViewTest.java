package dev.tracedeck.desktop.loading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.model.trace.Trace;
import java.util.function.Consumer;

import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import java.nio.file.Path;
import java.util.List;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The tab of a file still being read, headless at 1280×720: its rows, threads and counts grow batch by batch. */
@ExtendWith(ApplicationExtension.class)
class LoadingViewTest {

    private final Trace trace = TestTraces.small();
    private final List<Event> events = trace.events();
    private LoadingViewModel model;
    private LoadingView view;

    @Start
    void start(Stage stage) {
        model = new LoadingViewModel(new SyncTaskRunner());
        view = new LoadingView(model, Path.of("/tmp/run.log"), new SimpleDoubleProperty(0.25), () -> { }, 0.15, 0.6);
        Scene scene = new Scene(view, 1280, 720);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(LoadingViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        stage.setScene(scene);
        stage.show();
    }

    @Test
    @SuppressWarnings("unchecked")
    void showsEachBatchAsItArrives(FxRobot robot) {
        TableView<Event> table = robot.from(view).lookup("#timeline-table").queryAs(TableView.class);
        ListView<?> threads = robot.from(view).lookup("#thread-list").queryAs(ListView.class);
        Label counts = robot.from(view).lookup("#loading-counts").queryAs(Label.class);
        assertEquals(0, table.getItems().size());

        robot.interact(() -> model.append(events.subList(0, 4)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(4, table.getItems().size());
        assertEquals("4 events · 2 threads so far", counts.getText());

        robot.interact(() -> model.append(events.subList(4, events.size())));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(events.size(), table.getItems().size());
        assertEquals(4, threads.getItems().size(), "All threads, (run), m:s1, m:s2");
        assertEquals(threads.getItems().get(0), threads.getSelectionModel().getSelectedItem(), "All threads stays selected");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theFindingsPanelComesWithTheFirstThreadCheckedAsRead(FxRobot robot) {
        robot.interact(() -> model.append(events));
        assertTrue(robot.from(view).lookup("#findings-panel").tryQuery().isEmpty(), "no findings before a thread is checked");
        Label note = robot.from(view).lookup(".loading-note").queryAs(Label.class);
        assertEquals("Findings follow once the whole file is read", note.getText());
        robot.interact(model::checkingAsRead);
        assertEquals("Checking the threads as they are read…", note.getText(), "an importer said a first thread is read");

        List<ThreadChecklist> checklists = new Validator(RuleConfig.DEFAULT).validate(trace).threads();
        robot.interact(() -> {
            Consumer<ThreadChecklist> checked = model.checkAsRead("/tmp/run.log");
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
