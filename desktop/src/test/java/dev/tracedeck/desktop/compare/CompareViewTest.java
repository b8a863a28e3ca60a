package dev.tracedeck.desktop.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.compare.TraceComparison;
import dev.tracedeck.analysis.compare.Verdict;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The Mycelian benchmark's before and after runs, side by side, headless. */
@ExtendWith(ApplicationExtension.class)
class CompareViewTest {

    private CompareView view;

    @Start
    void start(Stage stage) throws Exception {
        Trace before = read("before-prebuilt-react.log");
        Trace after = read("after-tool-only.log");
        Validator validator = new Validator(RuleConfig.DEFAULT);
        view = new CompareView(TraceComparison.of(before, validator.validate(before), after, validator.validate(after)));
        Scene scene = new Scene(view, 1200, 720);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(CompareViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        stage.setScene(scene);
        stage.sizeToScene();
        stage.show();
    }

    private static Trace read(String name) throws Exception {
        return Importers.standard().read(ImportSource.of(Path.of("../sample-logs/mycelian/" + name)), ImportListener.NONE);
    }

    @Test
    void whatTheFixChangedComesFirst(FxRobot robot) {
        assertEquals(Verdict.FIXED, view.rules().getItems().get(0).verdict());
        assertEquals(5, view.rules().getItems().stream().filter(r -> r.verdict() == Verdict.FIXED).count());
        assertTrue(robot.lookup(".compare-summary").queryAs(Label.class).getText().startsWith("5 fixed"));
    }

    @Test
    void bothShapesAreDrawnAndTheFirstDivergenceIsOutlinedOnEachSide(FxRobot robot) {
        assertTrue(chips(view.beforeSide()) > 30, "the before run's 38 messages");
        assertTrue(chips(view.afterSide()) > 30);
        assertEquals(2, robot.lookup(".shape-chip-diverge").queryAll().size(), "one on each side");
        assertTrue(robot.lookup(".compare-divergence").queryAs(Label.class).getText().startsWith("First divergence: turn"));
    }

    private static int chips(javafx.scene.layout.VBox side) {
        int n = 0;
        for (Node row : side.getChildren()) {
            if (row instanceof HBox box && box.getChildren().get(1) instanceof FlowPane flow) {
                n += flow.getChildren().size();
            }
        }
        return n;
    }
}
