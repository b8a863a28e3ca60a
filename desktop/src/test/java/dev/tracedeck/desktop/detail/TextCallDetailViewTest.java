package dev.tracedeck.desktop.detail;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.common.ViewPicture;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The detail pane on a dump whose new entry writes a tool call as text (text-tool-calls.log, msg 3's Hermes block,
 * read with --parse-text-calls): the span is drawn in the text-call style. With {@code -Dtracedeck.snapshot=PNG}
 * it also saves the pane, for a person to look at.
 */
@ExtendWith(ApplicationExtension.class)
class TextCallDetailViewTest {

    private Trace trace;
    private DetailViewModel model;

    @Start
    void start(Stage stage) throws Exception {
        String resource = "sample-logs/mycelian/text-tool-calls.log";
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            trace = TextCallLifting.ON.apply(Importers.standard()
                    .read(ImportSource.of("text-tool-calls.log", in.readAllBytes()), ImportListener.NONE));
        }
        model = new DetailViewModel(new SyncTaskRunner(), event -> PreviousSnapshot.of(trace, event), new TextCallsLookup(trace));
        Scene scene = new Scene(new DetailView(model), 900, 1000);
        scene.getStylesheets().addAll(sheet("tokens-dark.css"), sheet("app.css"));
        stage.setScene(scene);
        stage.show();
    }

    private static String sheet(String name) {
        return DetailView.class.getResource("/dev/tracedeck/desktop/" + name).toExternalForm();
    }

    @Test
    void theCallsSpanIsDrawnInTheTextCallStyle(FxRobot robot) throws Exception {
        Event dump = trace.events().stream().filter(e -> e.source().firstLine() == 58).findFirst().orElseThrow();
        robot.interact(() -> model.show(dump));
        // The detail is laid out in pulses after the model changes; under load one pulse is not always enough.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> !robot.lookup("." + DetailStyles.TEXT_CALL).queryAll().isEmpty());
        Set<Node> marked = robot.lookup("." + DetailStyles.TEXT_CALL).queryAll();
        assertFalse(marked.isEmpty(), "the span of the call is drawn in the text-call style");
        assertTrue(marked.stream().allMatch(Node::isVisible));
        String snapshot = System.getProperty("tracedeck.snapshot");
        if (snapshot != null) {
            robot.interact(() -> {
                try {
                    ViewPicture.write(robot.lookup(".detail").query(), 1, Path.of(snapshot));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
    }
}
