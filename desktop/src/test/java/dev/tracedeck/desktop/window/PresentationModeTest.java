package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.common.ZoomPane;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.importers.registry.Importers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** F5: every pane's text grows alike, and the timeline's header still shows every word it showed. */
@ExtendWith(ApplicationExtension.class)
class PresentationModeTest {

    /** One text of each pane, by where it is. */
    private static final Map<String, String> PANES = new LinkedHashMap<>();

    static {
        PANES.put("thread list", ".thread-name");
        PANES.put("timeline toolbar", ".timeline-toolbar .pane-title");
        PANES.put("timeline header", ".timeline-table .column-header .label");
        PANES.put("timeline row", ".timeline-table .table-row-cell .table-cell");
        PANES.put("detail", ".detail-area .text");
        PANES.put("findings", ".findings-list .list-cell");
        PANES.put("file tab", ".tab-label");
        PANES.put("status bar", ".status-bar .label");
    }

    @TempDir
    Path dir;

    private OpenFilesViewModel openFiles;

    @Start
    void start(Stage stage) {
        NoticesViewModel notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        new MainWindow(stage, openFiles).show();
    }

    @Test
    void everyPaneGrowsAlikeAndTheTimelineHeaderIsNotCut(FxRobot robot) {
        robot.interact(() -> openFiles.open(List.of(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir))));
        WaitForAsyncUtils.waitForFxEvents();
        Map<String, Double> before = textHeights(robot);

        robot.press(KeyCode.F5).release(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();

        Map<String, Double> after = textHeights(robot);
        List<String> uneven = new ArrayList<>();
        for (String pane : PANES.keySet()) {
            double grown = after.get(pane) / before.get(pane);
            if (Math.abs(grown - ZoomPane.PRESENTATION_ZOOM) > 0.02) {
                uneven.add(pane + " × " + String.format("%.2f", grown));
            }
        }
        assertEquals(List.of(), uneven, "each pane's text grows × " + ZoomPane.PRESENTATION_ZOOM);
        List<Labeled> header = new ArrayList<>();
        labeled(robot.lookup(".timeline-toolbar").queryAs(Parent.class), header);
        assertTrue(header.size() >= 4, "title, kinds, flagged, count: " + header);
        for (Labeled labeled : header) {
            Text drawn = (Text) labeled.lookup(".text");
            assertEquals(labeled.getText(), drawn.getText(), "the timeline header shows it whole");
        }
        robot.press(KeyCode.F5).release(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(Math.abs(textHeights(robot).get("detail") - before.get("detail")) < 0.5, "F5 again: back to 1×");
    }

    @Test
    void atTheSmallestProjectorSizeAFieldsTimeStaysOnItsKeysLine(FxRobot robot) {
        robot.interact(() -> {
            Stage stage = (Stage) robot.lookup(".root").query().getScene().getWindow();
            stage.setWidth(1280);
            stage.setHeight(720);
            openFiles.open(List.of(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir)));
        });
        robot.press(KeyCode.F5).release(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> openFiles.getSelected().getContent().timeline().selection().select(
                openFiles.getSelected().getContent().timeline().table().rows().stream().filter(e -> !e.time().isEmpty()).findFirst()
                        .orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            List<Text> texts = robot.lookup(".detail-area .text").queryAllAs(Text.class).stream().toList();
            Text key = texts.stream().filter(t -> t.getText().startsWith("time ")).findFirst().orElseThrow();
            Text time = texts.stream().filter(t -> t.getText().matches("\\d{4}-\\d\\d-\\d\\d[T ]\\d.*")).findFirst().orElseThrow();
            double keyY = key.localToScene(key.getBoundsInLocal()).getMinY();
            double timeTop = time.localToScene(time.getBoundsInLocal()).getMinY();
            double timeBottom = time.localToScene(time.getBoundsInLocal()).getMaxY();
            assertEquals(keyY, timeTop, 1, "the time begins on the line of its key");
            assertTrue(timeBottom - timeTop < 1.5 * (key.localToScene(key.getBoundsInLocal()).getHeight()),
                    "the time is on one line: " + time.getText());
        });
    }

    private static void labeled(Parent parent, List<Labeled> found) {
        for (Node child : parent.getChildrenUnmodifiable()) {
            if (child instanceof Labeled l && l.getText() != null && !l.getText().isEmpty() && l.isVisible()) {
                found.add(l);
            } else if (child instanceof Parent p) {
                labeled(p, found);
            }
        }
    }

    /** The height on screen of the first text drawn in each pane. */
    private static Map<String, Double> textHeights(FxRobot robot) {
        Map<String, Double> heights = new LinkedHashMap<>();
        robot.interact(() -> PANES.forEach((pane, selector) -> {
            Node holder = robot.lookup(selector).match(Node::isVisible).query();
            Text text = holder instanceof Text t ? t : (Text) holder.lookup(".text");
            if (text == null) {
                throw new AssertionError("no text in " + pane);
            }
            heights.put(pane, text.localToScene(text.getLayoutBounds()).getHeight());
        }));
        return heights;
    }
}
