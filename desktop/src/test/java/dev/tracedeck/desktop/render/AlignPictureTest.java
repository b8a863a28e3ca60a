package dev.tracedeck.desktop.render;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.align.Alignment;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.engine.align.AlignReader;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.registry.Importers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/** {@code render --view align} draws the first task's tree open whole, with its figures and nothing to press or scroll. */
@ExtendWith(ApplicationExtension.class)
class AlignPictureTest {

    @Test
    void theTreeOfTenRunsIsDrawnOpenWithItsCountsAndSteps(FxRobot robot) throws Exception {
        Alignment alignment = new AlignReader(Importers.standard(), new Validator(RuleConfig.DEFAULT))
                .read(List.of(Path.of("../sample-logs/align/smolagents/benchmark-runs.jsonl")), f -> ImportListener.NONE, (f, t) -> { });
        RenderRequest request = new RenderRequest("align", List.of(Path.of("runs.jsonl")), Path.of("unused.png"),
                Optional.empty(), Optional.empty(), "light", 1, 1280, 900);
        AtomicReference<Parent> root = new AtomicReference<>();
        robot.interact(() -> {
            Scene scene = new Scene(HeadlessRender.alignView(alignment), 1280, 900);
            scene.getStylesheets().setAll(List.of(HeadlessRender.sheet("tokens-light.css"), HeadlessRender.sheet("app.css")));
            HeadlessRender.layOut(scene, request);
            root.set(scene.getRoot());
        });
        List<Node> nodes = all(root.get());
        List<Node> controls = nodes.stream().filter(AlignPictureTest::seen)
                .filter(n -> n instanceof ButtonBase || n instanceof ScrollBar).toList();
        assertTrue(controls.isEmpty(), controls.toString());
        List<String> words = nodes.stream().filter(AlignPictureTest::seen).filter(n -> n instanceof Labeled)
                .map(n -> ((Labeled) n).getText()).filter(t -> t != null).toList();
        assertTrue(words.contains("10 runs: 8 pass, 2 fail · 0 findings"), words.toString());
        // Every branch open: the trunk, the four ways on after the first model call, and the splits below them, as
        // many as the picture's height holds.
        assertTrue(words.stream().filter(t -> t.matches("\\d+ runs?: .*")).count() >= 7, words.toString());
        assertTrue(words.stream().anyMatch(t -> t.contains("2  tool python_interpreter #e57cdcdd")), words.toString());
    }

    private static List<Node> all(Node node) {
        List<Node> nodes = new ArrayList<>(List.of(node));
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
}
