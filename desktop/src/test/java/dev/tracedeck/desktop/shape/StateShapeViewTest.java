package dev.tracedeck.desktop.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The state view on the trimmed-state sample, whose agent drops five messages before its third turn. */
@ExtendWith(ApplicationExtension.class)
class StateShapeViewTest {

    private static final String THREAD = "e41b7c29-5d3a-4f80-9c16-8a2d0f4b7e53:s1";
    private Trace trace;
    private List<Finding> findings;
    private StateShapeViewModel model;
    private StateShapeView view;
    private final List<Event> revealed = new ArrayList<>();

    @Start
    void start(Stage stage) throws Exception {
        trace = Importers.standard().read(ImportSource.of(Path.of("../sample-logs/mycelian/trimmed-state.log")), ImportListener.NONE);
        findings = new Validator(RuleConfig.DEFAULT).validate(trace).findings();
        model = new StateShapeViewModel(trace, new SyncTaskRunner(), () -> findings, e -> {
            revealed.add(e);
            model.showEvent(e);
        });
        view = new StateShapeView(model);
        Scene scene = new Scene(view, 800, 500);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(StateShapeViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        stage.setScene(scene);
        stage.sizeToScene();
        stage.show();
    }

    private List<Label> chips(FxRobot robot, String styleClass) {
        return robot.lookup("." + styleClass).queryAllAs(Label.class).stream().toList();
    }

    @Test
    void drawsNothingUntilShownThenTheLastSnapshot(FxRobot robot) {
        robot.interact(() -> model.showThread(Optional.of(THREAD)));
        assertNull(model.getFrame());
        robot.interact(() -> model.setActive(true));
        assertEquals(5, model.getFrame().index(), "the last of six snapshots");
        assertEquals(model.getFrame().shape().size(), chips(robot, "shape-chip").size());
    }

    @Test
    void theSnapshotAfterTheTrimShowsWhatWasLostAndTheOneBeforeFlagsIt(FxRobot robot) {
        robot.interact(() -> {
            model.showThread(Optional.of(THREAD));
            model.setActive(true);
            model.show(3);
        });
        ShapeFrame after = model.getFrame();
        assertEquals(5, after.lost().size());
        assertEquals(5, chips(robot, "shape-chip-lost").size());
        assertTrue(revealed.get(revealed.size() - 1) == after.point(), "scrubbing selects the snapshot's event");

        robot.interact(() -> model.step(-1));
        ShapeFrame before = model.getFrame();
        assertEquals(2, before.index());
        assertEquals(List.of("state-lost-messages"), before.flags().get(0), "the first lost entry, where it still was");
        Label flagged = chips(robot, "shape-chip-flagged").get(0);
        assertTrue(flagged.getText().contains("⚑ state-lost-messages"), flagged.getText());
    }

    @Test
    void arrowKeysScrubAndTheTurnsAppendedChipsAreOutlined(FxRobot robot) {
        robot.interact(() -> {
            model.showThread(Optional.of(THREAD));
            model.setActive(true);
            model.show(1);
        });
        robot.interact(view::requestFocus);
        robot.type(KeyCode.RIGHT);
        assertEquals(2, model.getFrame().index());
        List<Label> appended = chips(robot, "shape-chip-appended");
        assertEquals(model.getFrame().appended().size(), appended.size());
        assertTrue(appended.size() > 0);
        Node first = chips(robot, "shape-chip").get(0);
        assertNotNull(((Label) first).getTooltip());
    }
}
