package dev.tracedeck.desktop.detail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.trace.Trace;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.fxmisc.richtext.StyleClassedTextArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The pane says what to do until it first shows an event, and makes its rich-text area only then. */
@ExtendWith(ApplicationExtension.class)
class DetailViewTest {

    private final Trace trace = TestTraces.small();
    private DetailViewModel model;

    @Start
    void start(Stage stage) {
        model = new DetailViewModel(new SyncTaskRunner());
        stage.setScene(new Scene(new DetailView(model), 600, 400));
        stage.show();
    }

    @Test
    void makesItsAreaWhenItFirstShowsAnEvent(FxRobot robot) throws Exception {
        assertTrue(robot.lookup("#detail-area").tryQuery().isEmpty(), "no area before an event is shown");
        assertEquals(DetailViewModel.NOTHING_SELECTED, robot.lookup(".detail-waiting").queryAs(Label.class).getText());

        robot.interact(() -> model.show(trace.event(1)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#detail-area").tryQuery().isPresent());

        String text = robot.lookup("#detail-area").queryAs(StyleClassedTextArea.class).getText();
        assertEquals(model.getDocument().lines().size(), text.split("\n", -1).length, text);
        assertTrue(robot.lookup(".detail-waiting").tryQuery().isEmpty(), "the area took the label's place");
        robot.interact(() -> model.show(null));
        assertEquals(DetailViewModel.NOTHING_SELECTED, robot.lookup("#detail-area").queryAs(StyleClassedTextArea.class).getText());
    }
}
