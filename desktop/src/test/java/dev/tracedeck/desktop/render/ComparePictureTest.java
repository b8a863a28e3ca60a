package dev.tracedeck.desktop.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.analysis.compare.RuleComparison;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/** {@code tracedeck render --view compare}: a picture can't be scrolled, so it shows every rule's row. */
@ExtendWith(ApplicationExtension.class)
class ComparePictureTest {

    @Test
    void theComparisonPictureShowsEveryRule(FxRobot robot) throws Exception {
        Path before = Path.of("../sample-logs/mycelian/before-prebuilt-react.log");
        Path after = Path.of("../sample-logs/mycelian/after-tool-only.log");
        List<Trace> traces = List.of(read(before), read(after));
        RenderRequest request = new RenderRequest("compare", List.of(before, after), Path.of("unused.png"), Optional.empty(),
                Optional.empty(), "light", 1, 1280, 720);

        robot.interact(() -> {
            Scene scene = new Scene(HeadlessRender.view(request, traces, new Validator(RuleConfig.DEFAULT)), 1280, 720);
            scene.getStylesheets().setAll(List.of(HeadlessRender.sheet("tokens-light.css"), HeadlessRender.sheet("app.css")));
            HeadlessRender.layOut(scene, request);

            Parent root = scene.getRoot();
            TableView<?> rules = (TableView<?>) root.lookup(".compare-rules");
            Bounds picture = root.getLayoutBounds();
            Bounds table = rules.localToScene(rules.getLayoutBounds());
            Set<Object> drawn = new HashSet<>();
            for (Node node : rules.lookupAll(".table-row-cell")) {
                Bounds row = node.localToScene(node.getLayoutBounds());
                if (node instanceof TableRow<?> r && r.getItem() != null && r.isVisible()
                        && row.getMinY() >= table.getMinY() && row.getMaxY() <= table.getMaxY() + 0.5 && row.getMaxY() <= picture.getMaxY()) {
                    drawn.add(r.getItem());
                }
            }
            List<String> missing = rules.getItems().stream().filter(r -> !drawn.contains(r)).map(r -> ((RuleComparison) r).ruleId()).toList();
            assertEquals(List.of(), missing, rules.getItems().size() + " rules; not in the picture");
        });
    }

    private static Trace read(Path file) throws Exception {
        return Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
    }
}
