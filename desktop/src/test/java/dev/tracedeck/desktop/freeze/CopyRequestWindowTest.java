package dev.tracedeck.desktop.freeze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.settings.MemorySettingsStore;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.desktop.window.MainWindow;
import dev.tracedeck.engine.freeze.CallSteps;
import dev.tracedeck.engine.freeze.FreezeOptions;
import dev.tracedeck.engine.freeze.FrozenRequest;
import dev.tracedeck.engine.freeze.RequestFreezer;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.ListView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Event ▸ Copy Request puts the selected event's frozen request on the clipboard, as its body or as a curl command as
 * last chosen, and lists what the trace did not record.
 */
@ExtendWith(ApplicationExtension.class)
class CopyRequestWindowTest {

    @TempDir
    Path dir;

    private OpenFilesViewModel openFiles;
    private final MemorySettingsStore settings = new MemorySettingsStore();

    @Start
    void start(Stage stage) {
        NoticesViewModel notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        new MainWindow(stage, openFiles, settings).show();
    }

    private static String clipboard() {
        return WaitForAsyncUtils.waitForAsyncFx(5_000, () -> Clipboard.getSystemClipboard().getString());
    }

    @Test
    void copiesTheSelectedStepsRequestAsBodyOrCurlAndRemembersTheChoice(FxRobot robot) throws Exception {
        Path file = SampleLogs.copy("sample-logs/openai/clean-tool-calls.json", dir);
        robot.interact(() -> openFiles.open(List.of(file)));
        TraceViewModel view = openFiles.getSelected().getContent();
        Trace trace = view.loaded().trace();
        Event answer = CallSteps.of(trace.threads().get(0)).step(4).answer().orElseThrow();
        robot.interact(() -> view.timeline().selection().select(answer));
        FrozenRequest expected = RequestFreezer.event(trace, answer, FreezeOptions.DEFAULT);

        robot.clickOn("Event").clickOn("Copy Request");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(expected.body(), clipboard(), "the body by default");
        ListView<String> notes = robot.lookup("#copy-request-notes").queryListView();
        assertEquals(expected.notes(), notes.getItems());
        assertTrue(notes.getItems().stream().anyMatch(n -> n.contains("no sampling parameters")), notes.getItems().toString());

        robot.clickOn("#copy-request-curl");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(expected.curl(), clipboard());
        assertTrue(clipboard().contains("$OPENAI_API_KEY"));
        assertEquals("curl", settings.get(CopyRequestWindow.FORM).orElseThrow(), "the choice is remembered");

        robot.interact(() -> Clipboard.getSystemClipboard().clear());
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        robot.interact(() -> view.timeline().selection().select(answer));
        robot.clickOn("Event").clickOn("Copy Request");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(expected.curl(), clipboard(), "copied again in the form last chosen");
    }
}
