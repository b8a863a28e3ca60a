package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.prune.PlaygroundViewModel;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Tools ▸ Prune playground (Ctrl+Shift+P) opens on the selected event's thread, at the last point at or before it. */
@ExtendWith(ApplicationExtension.class)
class PlaygroundMenuTest {

    @TempDir
    Path dir;

    private OpenFilesViewModel openFiles;
    private MainWindow window;

    @Start
    void start(Stage stage) {
        NoticesViewModel notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        window = new MainWindow(stage, openFiles);
        window.show();
    }

    @Test
    void ctrlShiftPOpensThePlaygroundAtTheSelectedEvent(FxRobot robot) {
        robot.interact(() -> openFiles.open(List.of(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir))));
        TraceViewModel trace = openFiles.selectedTrace().orElseThrow();
        Event dump = trace.loaded().trace().threads().stream().map(ThreadHistory::points).filter(p -> p.size() > 3)
                .findFirst().orElseThrow().get(2);
        Event later = trace.loaded().trace().events().stream()
                .filter(e -> e.threadId().equals(dump.threadId()) && e.seq() > dump.seq()).findFirst().orElseThrow();
        robot.interact(() -> trace.timeline().selection().select(later));

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.P).release(KeyCode.P, KeyCode.SHIFT, KeyCode.CONTROL);

        PlaygroundViewModel playground = window.playground().orElseThrow().model();
        assertNotNull(playground);
        assertTrue(window.playground().get().stage().isShowing());
        assertEquals(dump.threadId(), playground.threadProperty().get().id());
        assertTrue(playground.getPoint().seq() >= dump.seq() && playground.getPoint().seq() <= later.seq(),
                "the last point at or before #" + later.seq() + ": #" + playground.getPoint().seq());
        assertEquals(playground.getPoint().payload() instanceof dev.tracedeck.model.event.Payload.StateDump dump2
                ? dump2.snapshot().size() : -1, playground.before().size(), "the history the dump holds");
        robot.interact(() -> window.playground().get().stage().close());
    }
}
