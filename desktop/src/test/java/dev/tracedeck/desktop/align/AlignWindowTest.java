package dev.tracedeck.desktop.align;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.align.AlignedRun;
import dev.tracedeck.analysis.align.Branch;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.compare.CompareView;
import dev.tracedeck.importers.registry.Importers;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File ▸ Align Runs…: the runs of the benchmark sample aligned in their window, a branch's runs listed when it is
 * selected, and two runs selected opening the compare window on their threads.
 */
@ExtendWith(ApplicationExtension.class)
class AlignWindowTest {

    private static final Path BENCHMARK = Path.of("../sample-logs/align/smolagents/benchmark-runs.jsonl");

    private AlignWindow window;

    private Stage owner;

    /**
     * The main window's place: a window of its own with the app's sheets, which the align window takes on; the stage
     * every test shares keeps its size.
     */
    @Start
    void start(Stage stage) {
        owner = new Stage();
        Scene scene = new Scene(new Label("main"), 400, 300);
        scene.getStylesheets().setAll(List.of(sheet("tokens-light.css"), sheet("app.css")));
        owner.setScene(scene);
        owner.show();
        window = new AlignWindow(owner, new AlignViewModel(Importers.standard(), new Validator(RuleConfig.DEFAULT),
                new SyncTaskRunner()));
        window.show();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> {
            window.stage().close();
            owner.close();
        });
    }

    @Test
    void theTreeShowsWhereTheRunsSplitAndABranchListsItsRuns(FxRobot robot) {
        robot.interact(() -> window.load(List.of(BENCHMARK)));
        AlignView view = window.view();
        Label figures = robot.lookup("#align-figures").queryAs(Label.class);
        assertTrue(figures.getText().startsWith("10 runs · 6 distinct step sequences · first divergence at step 2\n"
                + "8 of 10 runs with a verdict passed"), figures.getText());
        TreeItem<Branch> root = view.tree().getRoot();
        assertEquals(10, root.getValue().runs().size());
        assertEquals(4, root.getChildren().size(), "four ways on from the first model call");
        assertEquals(10, view.runList().getItems().size(), "the trunk selected: every run");

        TreeItem<Branch> sympy = root.getChildren().get(1);
        robot.interact(() -> view.tree().getSelectionModel().select(sympy));
        assertEquals(List.of("benchmark-runs.jsonl · line 3", "benchmark-runs.jsonl · line 6"),
                view.runList().getItems().stream().map(AlignedRun::name).toList());
        assertTrue(robot.lookup(".align-branch-header").queryAll().stream()
                .anyMatch(n -> ((Label) n).getText().equals("2 runs: 1 pass, 1 fail · 0 findings")));
    }

    @Test
    void twoRunsSelectedOpenTheComparisonOfTheirThreads(FxRobot robot) {
        robot.interact(() -> window.load(List.of(BENCHMARK)));
        AlignView view = window.view();
        Button compare = robot.lookup("#align-compare").queryAs(Button.class);
        assertTrue(compare.isDisabled(), "nothing selected");
        robot.interact(() -> view.runList().getSelectionModel().selectIndices(2, 5));
        assertFalse(compare.isDisabled());

        robot.interact(compare::fire);
        WaitForAsyncUtils.waitForFxEvents();

        Stage opened = (Stage) Window.getWindows().stream()
                .filter(w -> w instanceof Stage s && s.getTitle() != null && s.getTitle().endsWith("Tracedeck compare"))
                .findFirst().orElseThrow();
        assertEquals("benchmark-runs.jsonl · line 3 ↔ benchmark-runs.jsonl · line 6 — Tracedeck compare", opened.getTitle());
        Node compareView = opened.getScene().lookup(".compare-view");
        assertNotNull(compareView != null ? compareView : findCompareView(opened.getScene().getRoot()));
        robot.interact(opened::close);
    }

    private static String sheet(String name) {
        return AlignWindowTest.class.getResource("/dev/tracedeck/desktop/" + name).toExternalForm();
    }

    private static Node findCompareView(javafx.scene.Parent parent) {
        for (Node child : parent.getChildrenUnmodifiable()) {
            if (child instanceof CompareView) {
                return child;
            }
            if (child instanceof javafx.scene.Parent p) {
                Node found = findCompareView(p);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
