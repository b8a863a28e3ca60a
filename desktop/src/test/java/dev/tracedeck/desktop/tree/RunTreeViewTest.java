package dev.tracedeck.desktop.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.run.RunNodeKind;
import dev.tracedeck.analysis.run.RunTree;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SubAgentSession;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The run tree of a Claude Code session with a sub-agent, headless: its rows, keys, bars and the events it selects. */
@ExtendWith(ApplicationExtension.class)
class RunTreeViewTest {

    private Trace trace;
    private RunTreeViewModel model;
    private RunTreeView view;
    private final List<Event> revealed = new ArrayList<>();
    private List<Finding> findings = List.of();

    @Start
    void start(Stage stage) throws Exception {
        trace = SubAgentSession.trace();
        model = new RunTreeViewModel(trace, new SyncTaskRunner(), () -> findings, revealed::add);
        view = new RunTreeView(model);
        Scene scene = new Scene(view, 1100, 400);
        for (String sheet : List.of("tokens-light.css", "app.css")) {
            scene.getStylesheets().add(RunTreeViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        // A window of its own: the stage the extension hands every test keeps the size it is given.
        Stage own = new Stage();
        own.setScene(scene);
        own.show();
        model.setActive(true);
    }

    private TableView<Integer> table(FxRobot robot) {
        return robot.from(view).lookup("#run-tree-table").queryTableView();
    }

    private List<String> names() {
        RunTree tree = model.outline().tree();
        List<String> names = new ArrayList<>();
        for (int row = 0; row < model.outline().size(); row++) {
            int node = model.outline().node(row);
            names.add("  ".repeat(tree.depth(node)) + tree.name(node));
        }
        return names;
    }

    @Test
    void showsTheRunAsAgentTurnModelCallsAndToolCallsWithTheSubAgentUnderItsCall(FxRobot robot) {
        assertEquals(List.of(
                "agent sess-1 · claude-opus-4-5",
                "  turn 1 · write a poem about curry",
                "    model call claude-opus-4-5",
                "      Task",
                "    model call claude-opus-4-5",
                "      Bash",
                "    model call claude-opus-4-5"), names());
        TableView<Integer> table = table(robot);
        int task = 3;

        robot.interact(() -> table.getSelectionModel().clearAndSelect(task));
        robot.clickOn(table);
        robot.interact(() -> table.getSelectionModel().clearAndSelect(task));
        robot.type(KeyCode.RIGHT);

        assertEquals("        sub-agent agent-helper · claude-haiku-4-5", names().get(4), "→ opens the call: its sub-agent");
        assertEquals(trace.event(1), revealed.get(revealed.size() - 1), "the Task row selects the message that calls it");

        robot.type(KeyCode.LEFT);
        assertEquals(7, names().size(), "← closes it again");
        robot.type(KeyCode.LEFT);
        assertEquals(2, table.getSelectionModel().getSelectedIndex(), "← on a closed node goes to its parent");
    }

    @Test
    void eachRowSaysItsStatusTokensFindingsAndDurationOnTheRunsAxis(FxRobot robot) {
        RunTree tree = model.outline().tree();
        int bash = model.outline().node(5);
        assertEquals(RunNodeKind.TOOL, tree.kind(bash));
        assertTrue(tree.failed(bash));
        findings = List.of(new Finding("tool-error", Severity.WARNING, "sess-1", OptionalInt.empty(), "failed",
                List.of(trace.event(6))));
        robot.interact(model::findingsChanged);
        WaitForAsyncUtils.waitForFxEvents();

        List<String> texts = robot.from(view).lookup(".table-cell").queryAll().stream()
                .map(n -> n instanceof javafx.scene.control.TableCell<?, ?> c ? c.getText() : null)
                .filter(t -> t != null && !t.isEmpty()).toList();
        assertTrue(texts.contains("✖ failed"), texts.toString());
        assertTrue(texts.contains("⚑ 1"), texts.toString());
        assertTrue(texts.contains("3,410"), "the whole run's tokens on its row: " + texts);
        List<String> durations = robot.from(view).lookup(".tree-duration").queryAll().stream()
                .filter(Node::isVisible).map(n -> ((Label) n).getText()).toList();
        assertEquals("12.00 s", durations.get(0), "the run, from its first event to its last");
        assertTrue(durations.contains("7.00 s"), "the Task call, from the call to its result: " + durations);
        // The failed call's bar in the failure's colour.
        assertTrue(robot.from(view).lookup(".table-cell").queryAll().stream()
                .flatMap(n -> n instanceof javafx.scene.Parent p ? p.getChildrenUnmodifiable().stream() : java.util.stream.Stream.empty())
                .flatMap(n -> n instanceof javafx.scene.Parent p ? p.getChildrenUnmodifiable().stream() : java.util.stream.Stream.empty())
                .filter(n -> n instanceof javafx.scene.layout.Region r && r.getBackground() != null)
                .anyMatch(n -> ((javafx.scene.layout.Region) n).getBackground().getFills().get(0).getFill()
                        .equals(javafx.scene.paint.Color.web("#e0505f"))), "the failed call's bar is marked");
    }

    @Test
    void anEventSelectedElsewhereOpensTheTreeToItsNode(FxRobot robot) {
        Event subAgentAnswer = trace.event(3);

        robot.interact(() -> model.showEvent(subAgentAnswer));

        int row = model.selectedRowProperty().get();
        assertEquals(model.outline().tree().nodeOf(3), model.outline().node(row));
        assertEquals(row, table(robot).getSelectionModel().getSelectedIndex());
    }
}
