package dev.tracedeck.desktop.render;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.fixtures.SubAgentSession;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TextInputControl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * {@code render --view tree|transcript|cost} draws the run's structure, its conversation and its cost with nothing to
 * press or scroll.
 */
@ExtendWith(ApplicationExtension.class)
class TreePictureTest {

    private static Parent drawn(FxRobot robot, String view, Trace trace) {
        RenderRequest request = new RenderRequest(view, List.of(Path.of("session.jsonl")), Path.of("unused.png"),
                Optional.empty(), Optional.empty(), "light", 1, 1280, 720);
        AtomicReference<Parent> root = new AtomicReference<>();
        robot.interact(() -> {
            Scene scene = new Scene(HeadlessRender.view(request, List.of(trace), new Validator(RuleConfig.DEFAULT)), 1280, 720);
            scene.getStylesheets().setAll(List.of(HeadlessRender.sheet("tokens-light.css"), HeadlessRender.sheet("app.css")));
            HeadlessRender.layOut(scene, request);
            root.set(scene.getRoot());
        });
        return root.get();
    }

    private static List<Node> all(Node node) {
        List<Node> nodes = new java.util.ArrayList<>(List.of(node));
        if (node instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> nodes.addAll(all(c)));
        }
        return nodes;
    }

    private static boolean seen(Node node) {
        for (Node at = node; at != null; at = at.getParent()) {
            if (!at.isVisible() || at.getOpacity() == 0) {
                return false;
            }
        }
        return true;
    }

    @Test
    void theTreeAndTheTranscriptAreDrawnWithNoControls(FxRobot robot) throws Exception {
        Trace trace = SubAgentSession.trace();
        for (String view : List.of("tree", "transcript")) {
            List<Node> nodes = all(drawn(robot, view, trace));
            List<Node> controls = nodes.stream().filter(TreePictureTest::seen)
                    .filter(n -> n instanceof ButtonBase || n instanceof TextInputControl || n instanceof ScrollBar).toList();
            assertTrue(controls.isEmpty(), view + ": " + controls);
            List<String> words = nodes.stream().filter(n -> n instanceof Labeled).map(n -> ((Labeled) n).getText())
                    .filter(t -> t != null).toList();
            assertTrue(words.stream().anyMatch(t -> t.contains("Bash")), view + " names the tool: " + words);
            assertFalse(words.stream().anyMatch(t -> t.contains("{\"")), view + " shows no raw JSON");
        }
    }

    @Test
    void theCostIsDrawnWithItsTotalAndCallsAndNoControls(FxRobot robot) throws Exception {
        List<Node> nodes = all(drawn(robot, "cost", SubAgentSession.trace()));
        List<Node> controls = nodes.stream().filter(TreePictureTest::seen)
                .filter(n -> n instanceof ButtonBase || n instanceof TextInputControl || n instanceof ScrollBar).toList();
        assertTrue(controls.isEmpty(), controls.toString());
        List<String> words = nodes.stream().filter(TreePictureTest::seen).filter(n -> n instanceof Labeled)
                .map(n -> ((Labeled) n).getText()).filter(t -> t != null).toList();
        // Opus 4.5's three calls ($0.017250, see CostViewTest) and Haiku 4.5's: 300 in × $1 + 20 out × $5 per million.
        assertTrue(words.contains("$0.017650"), "the total: " + words);
        assertTrue(words.contains("by model"), "the grouping, in words: " + words);
        assertTrue(words.contains("claude-haiku-4-5") && words.contains("line 4"), "each call under its model: " + words);
    }
}
