package dev.tracedeck.desktop.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The state view of a Claude Code session, whose tool results are user entries (as in Anthropic's API): they are drawn
 * as results, as a Mycelian log's are, and only the user's prompt opens a turn.
 */
@ExtendWith(ApplicationExtension.class)
class ClaudeCodeStateShapeTest {

    private static final String SESSION = "7c1e4b2a-93f0-4d5e-8a61-2b9c0d3e4f51";
    private StateShapeViewModel model;

    @Start
    void start(Stage stage) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(Path.of("../sample-logs/claude-code/clean-session.jsonl")),
                ImportListener.NONE);
        model = new StateShapeViewModel(trace, new SyncTaskRunner(), List::of, e -> { });
        Scene scene = new Scene(new StateShapeView(model), 800, 500);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(ClaudeCodeStateShapeTest.class.getResource("/dev/tracedeck/desktop/" + sheet)
                    .toExternalForm());
        }
        stage.setScene(scene);
        stage.show();
    }

    private static List<String> texts(FxRobot robot, String styleClass) {
        return robot.lookup("." + styleClass).queryAllAs(Label.class).stream().map(Label::getText).toList();
    }

    @Test
    void theResultsAreResultsAndOnlyThePromptOpensATurn(FxRobot robot) {
        robot.interact(() -> {
            model.showThread(Optional.of(SESSION));
            model.setActive(true);
        });
        // The question, the message calling Read twice, their two results, the Task call, its result, the answer.
        assertEquals(List.of("turn 0"), texts(robot, "shape-turn"));
        assertEquals(1, texts(robot, "shape-chip-user").size());
        assertEquals(List.of("result", "result", "result"), texts(robot, "shape-chip-tool-result"));
    }
}
