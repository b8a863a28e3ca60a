package dev.tracedeck.desktop.prune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.prune.PruneStrategy;
import dev.tracedeck.analysis.tokens.ModelProfiles;
import dev.tracedeck.desktop.common.FxTaskRunner;
import dev.tracedeck.desktop.fixtures.ChatTraces;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The playground alone, headless, at 1280×720, computing on a real background thread as in the app: every check
 * waits for the result it expects (never for a time), so a slow machine only makes it slower.
 */
@ExtendWith(ApplicationExtension.class)
class PlaygroundViewTest {

    private final Trace trace = ChatTraces.trace();
    private final FxTaskRunner runner = new FxTaskRunner("playground-test", 1);
    private PlaygroundViewModel model;
    private PlaygroundView view;

    @Start
    void start(Stage stage) {
        model = new PlaygroundViewModel(trace, Path.of("/runs", ChatTraces.FILE), ThreadLabels.of(trace), runner,
                ModelProfiles.defaults());
        model.openAt(Optional.of(ChatTraces.WEATHER), Optional.empty());
        model.setStrategies(List.of(new PruneStrategy.KeepLastNSteps(1)));
        view = new PlaygroundView(model);
        Scene scene = new Scene(view, 1280, 720);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(PlaygroundViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stop() {
        runner.close();
    }

    @Test
    void removedMessagesAreStruckThroughAndKeptOnesAreNot(FxRobot robot) {
        waitUntil(() -> model.after().size() == 4);
        WaitForAsyncUtils.waitForFxEvents();

        List<MessageCell> cells = cells(robot, "#playground-before");
        assertEquals(9, cells.size(), "every message on screen");
        for (MessageCell cell : cells) {
            boolean removed = cell.getItem().mark() == MessageRow.Mark.REMOVED;
            assertEquals(removed, cell.getPseudoClassStates().contains(MessageCell.REMOVED), cell.getItem().id());
            assertEquals(removed, preview(cell).isStrikethrough(), cell.getItem().id() + " struck through");
        }
        assertEquals(5, cells.stream().filter(c -> c.getPseudoClassStates().contains(MessageCell.REMOVED)).count());
        assertTrue(cells(robot, "#playground-after").stream().noneMatch(c -> preview(c).isStrikethrough()));
    }

    @Test
    void selectingAMessageSelectsItsCounterpartAndARemovedOneHasNone(FxRobot robot) {
        waitUntil(() -> model.after().size() == 4);
        ListView<MessageRow> before = robot.lookup("#playground-before").queryListView();
        ListView<MessageRow> after = robot.lookup("#playground-after").queryListView();

        robot.clickOn(cell(robot, "#playground-before", "m5"));
        assertEquals("m5", after.getSelectionModel().getSelectedItem().id());

        robot.clickOn(cell(robot, "#playground-after", "m8"));
        assertEquals("m8", before.getSelectionModel().getSelectedItem().id());

        robot.clickOn(cell(robot, "#playground-before", "m3"));
        assertNull(after.getSelectionModel().getSelectedItem());
        assertTrue(robot.lookup("#playground-before-text").queryAs(TextArea.class).getText().contains(ChatTraces.LONG_RESULT));
        assertEquals("(removed by the strategy)", robot.lookup("#playground-after-text").queryAs(TextArea.class).getText());
    }

    @Test
    void changingAParameterInItsSpinnerRecomputes(FxRobot robot) {
        waitUntil(() -> model.after().size() == 4);
        Spinner<?> n = robot.lookup("#strategy-0-n").queryAs(Spinner.class);

        robot.interact(() -> n.increment());

        assertEquals(new PruneStrategy.KeepLastNSteps(2), model.strategies().get(0));
        waitUntil(() -> model.after().size() == 6);
        assertEquals(List.of("m0", "m1", "m5", "m6", "m7", "m8"), model.after().stream().map(MessageRow::id).toList());
        assertTrue(model.statusProperty().get().startsWith("9 → 6 messages"), model.statusProperty().get());
    }

    @Test
    void copyCommandPutsTheCommandLineOnTheClipboard(FxRobot robot) {
        waitUntil(() -> model.getResult() != null);

        robot.clickOn("#playground-copy");

        String copied = WaitForAsyncUtils.waitForAsyncFx(5_000, () -> Clipboard.getSystemClipboard().getString());
        assertEquals("tracedeck prune --strategy 'keep_last_n_steps(1)' --thread 'line 1' --at 8 '/runs/chat history.jsonl'",
                copied);
    }

    @Test
    void aFindingSelectsItsMessageAndTheGaugeTurnsPastTheWindow(FxRobot robot) {
        robot.interact(() -> {
            model.selectThread(trace.thread(ChatTraces.LATE).orElseThrow());
            model.setStrategies(List.of(new PruneStrategy.KeepLastNSteps(2)));
            model.setContextLimit(40);
        });
        waitUntil(() -> model.getResult() != null && model.getResult().contextLimit() == 40
                && model.findings().stream().anyMatch(f -> f.finding().ruleId().equals("tool-result-without-call")));
        WaitForAsyncUtils.waitForFxEvents();

        ListCell<?> finding = robot.lookup(".playground-finding").<ListCell<?>>match(c -> ((ListCell<?>) c).getItem() != null)
                .queryAs(ListCell.class);
        assertFalse(finding.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("introduced")),
                "broken in the history already, not by the strategy");
        robot.clickOn(finding);
        ListView<MessageRow> after = robot.lookup("#playground-after").queryListView();
        assertEquals("m3", after.getSelectionModel().getSelectedItem().id());
        assertEquals(MessageRow.Mark.KEPT, after.getSelectionModel().getSelectedItem().mark());

        List<Node> gauges = List.copyOf(robot.lookup(".context-gauge").queryAll());
        assertEquals(2, gauges.size());
        assertTrue(model.getResult().beforeTokens() > 40, "the history is bigger than a 40-token window");
        assertTrue(gauges.stream().allMatch(g -> g.getPseudoClassStates().contains(ContextGauge.OVER_LIMIT)));
        assertFalse(gauges.stream().anyMatch(g -> g.getPseudoClassStates().contains(ContextGauge.OVER_TRIGGER)));
    }

    @Test
    void theAddMenuShowsTheStrategiesNamesAsTheCommandLineWritesThem(FxRobot robot) {
        robot.clickOn("#add-strategy");
        WaitForAsyncUtils.waitForFxEvents();

        List<String> shown = robot.lookup(".context-menu .menu-item .text").queryAllAs(Text.class).stream()
                .map(Text::getText).toList();
        for (StrategyKind kind : StrategyKind.values()) {
            assertTrue(shown.stream().anyMatch(t -> t.startsWith(kind.id() + " ")), kind.id() + " in " + shown);
        }
        robot.press(javafx.scene.input.KeyCode.ESCAPE).release(javafx.scene.input.KeyCode.ESCAPE);
    }

    private static void waitUntil(BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> WaitForAsyncUtils.waitForAsyncFx(10_000, condition::getAsBoolean));
        } catch (TimeoutException e) {
            throw new AssertionError("the playground did not get there", e);
        }
    }

    private List<MessageCell> cells(FxRobot robot, String list) {
        return robot.from(view).lookup(list).lookup(".message-cell").queryAllAs(MessageCell.class).stream()
                .filter(c -> c.getItem() != null && c.isVisible())
                .sorted(java.util.Comparator.comparingInt(c -> c.getItem().position())).toList();
    }

    private MessageCell cell(FxRobot robot, String list, String id) {
        return cells(robot, list).stream().filter(c -> c.getItem().id().equals(id)).findFirst().orElseThrow();
    }

    private static Text preview(MessageCell cell) {
        return (Text) cell.lookup(".message-preview .text");
    }
}
