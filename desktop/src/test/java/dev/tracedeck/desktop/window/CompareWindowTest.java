package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import dev.tracedeck.importers.registry.Importers;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DialogPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** File ▸ Compare: the runs proposed the right way round, and a window that Escape or Ctrl+W closes. */
@ExtendWith(ApplicationExtension.class)
class CompareWindowTest {

    @TempDir
    Path dir;

    private OpenFilesViewModel openFiles;
    private Stage main;

    @Start
    void start(Stage stage) {
        NoticesViewModel notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        new MainWindow(stage, openFiles).show();
        main = stage;
    }

    @Test
    void theDialogProposesTheBrokenRunAsTheOneBeforeTheFixWhateverTheTabOrder(FxRobot robot) {
        // Opened as a folder listing gives them: "after" sorts first.
        robot.interact(() -> openFiles.open(List.of(SampleLogs.copy(SampleLogs.AFTER_TOOL_ONLY, dir),
                SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir))));

        Platform.runLater(() -> new CompareDialog(main, openFiles).show());
        WaitForAsyncUtils.waitForFxEvents();

        ChoiceBox<TraceDocument> before = robot.lookup("#compare-before").queryAs(ChoiceBox.class);
        ChoiceBox<TraceDocument> after = robot.lookup("#compare-after").queryAs(ChoiceBox.class);
        assertEquals("before-prebuilt-react.log", before.getValue().name());
        assertEquals("after-tool-only.log", after.getValue().name());
        robot.interact(() -> ((DialogPane) before.getScene().getRoot()).lookupButton(ButtonType.CANCEL)
                .fireEvent(new javafx.event.ActionEvent()));
    }

    @Test
    void escapeAndCtrlWCloseTheComparison(FxRobot robot) {
        robot.interact(() -> openFiles.open(List.of(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir),
                SampleLogs.copy(SampleLogs.AFTER_TOOL_ONLY, dir))));
        TraceDocument before = openFiles.documents().get(0);
        TraceDocument after = openFiles.documents().get(1);
        CompareDialog dialog = new CompareDialog(main, openFiles);

        for (KeyCode[] keys : List.of(new KeyCode[] {KeyCode.ESCAPE}, new KeyCode[] {KeyCode.CONTROL, KeyCode.W})) {
            Stage[] window = new Stage[1];
            robot.interact(() -> {
                window[0] = dialog.window(before, after, openFiles.compare(before, after));
                window[0].show();
                window[0].requestFocus();
            });
            // Where the keyboard is after a click on a rule: the table, which has keys of its own.
            robot.clickOn(robot.lookup(".compare-rules .table-row-cell").<javafx.scene.Node>query());
            assertTrue(window[0].isShowing());

            robot.press(keys).release(keys);

            assertFalse(window[0].isShowing(), List.of(keys) + " closes it");
        }
    }
}
