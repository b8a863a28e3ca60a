package dev.tracedeck.desktop.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.prune.Step;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The steps list and the context chart on a real sample log, headless. */
@ExtendWith(ApplicationExtension.class)
class HistoryViewsTest {

    private static final String THREAD = "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1";
    private Trace trace;
    private HistoryViewModel model;
    private StepsView steps;
    private ContextChartView chart;
    private final List<Event> revealed = new ArrayList<>();

    @Start
    void start(Stage stage) throws Exception {
        trace = Importers.standard().read(ImportSource.of(Path.of("../sample-logs/mycelian/before-prebuilt-react.log")),
                ImportListener.NONE);
        model = new HistoryViewModel(trace, new SyncTaskRunner(), e -> {
            revealed.add(e);
            model.showEvent(e);
        });
        steps = new StepsView(model);
        chart = new ContextChartView(model);
        Scene scene = new Scene(new VBox(steps, chart), 900, 700);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(HistoryViewsTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        stage.setScene(scene);
        stage.sizeToScene();
        stage.show();
    }

    private Event dump(int which) {
        return trace.events().stream().filter(e -> e.threadId().equals(THREAD) && e.kind() == EventKind.STATE).toList().get(which);
    }

    @Test
    void countsNothingUntilShown(FxRobot robot) {
        robot.interact(() -> model.showThread(Optional.of(THREAD)));
        assertEquals(null, model.getInsight(), "hidden views cost nothing");
        robot.interact(() -> model.setActive(true));
        assertNotNull(model.getInsight());
    }

    @Test
    void theHistoryAtTheSelectedDumpReadsAsTypedSteps(FxRobot robot) {
        Event third = dump(2);
        robot.interact(() -> {
            model.setActive(true);
            model.showThread(Optional.of(THREAD));
            model.showEvent(third);
        });
        HistoryInsight insight = model.getInsight();
        assertEquals(third, insight.history().orElseThrow().point());
        assertEquals(Step.Kind.SYSTEM_PROMPT, insight.steps().get(0).step().kind());
        assertTrue(insight.steps().stream().anyMatch(s -> s.step().kind() == Step.Kind.TASK));
        int sum = insight.steps().stream().mapToInt(HistoryInsight.StepRow::tokens).sum();
        assertEquals(insight.chosenPoint().orElseThrow().count().tokens(), sum + 3, "steps add up to the prompt, reply priming aside");
        assertEquals(insight.steps().size(), steps.list().getItems().size());
    }

    @Test
    void choosingAStepShowsItsMessageButKeepsTheHistory(FxRobot robot) {
        Event last = dump(5);
        robot.interact(() -> {
            model.setActive(true);
            model.showThread(Optional.of(THREAD));
            model.showEvent(last);
        });
        HistoryInsight before = model.getInsight();
        robot.interact(() -> steps.list().getSelectionModel().select(3));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(revealed.isEmpty());
        Event shown = revealed.get(revealed.size() - 1);
        int line = before.steps().get(3).firstLine();
        assertTrue(shown.source().firstLine() <= line && line <= shown.source().lastLine(), "the event holding the step's line");
        assertEquals(before.history(), model.getInsight().history(), "the steps stay those of the history shown");
    }

    @Test
    void theChartDrawsEveryPointAndMarksTheWindowOnlyWhenTheContextComesNearIt(FxRobot robot) {
        robot.interact(() -> {
            model.setActive(true);
            model.showThread(Optional.of(THREAD));
        });
        HistoryInsight insight = model.getInsight();
        assertEquals(insight.points().size(), chart.chart().getData().get(0).getData().size());
        assertTrue(chart.chart().getData().get(1).getData().isEmpty(), "a 128k window is off the scale of a small thread");
        assertTrue(chart.chart().getData().get(1).getName().contains("off the scale"));
        assertTrue(chart.breakdown().getText().contains("lower bound"), chart.breakdown().getText());
    }

    @Test
    void aLongThreadIsDrawnFromItsPeaks() {
        List<dev.tracedeck.analysis.tokens.ContextPoint> many = new ArrayList<>();
        Event e = trace.events().get(0);
        for (int i = 0; i < 5_000; i++) {
            int tokens = i == 2_345 ? 99_999 : i;
            many.add(new dev.tracedeck.analysis.tokens.ContextPoint(e, i, new dev.tracedeck.analysis.tokens.PromptCount(tokens,
                    java.util.Map.of(), List.of())));
        }
        List<dev.tracedeck.analysis.tokens.ContextPoint> drawn = ContextChartView.drawn(many);
        assertTrue(drawn.size() <= ContextChartView.MAX_DRAWN + 1);
        assertTrue(drawn.stream().anyMatch(p -> p.count().tokens() == 99_999), "the peak survives");
        assertEquals(4_999, drawn.get(drawn.size() - 1).count().tokens(), "the end survives");
    }

    @Test
    void aContextNearTheWindowIsDrawnAgainstTheWindowAndTheTrigger(FxRobot robot, @org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        String words = "the quick brown fox jumps over the lazy dog ".repeat(800);
        Path request = java.nio.file.Files.writeString(dir.resolve("request.json"), "{\"model\": \"gpt-4-0613\", \"messages\": ["
                + "{\"role\": \"system\", \"content\": \"You summarize.\"},"
                + "{\"role\": \"user\", \"content\": \"" + words + "\"},"
                + "{\"role\": \"assistant\", \"content\": \"" + words + "\"}]}");
        Trace big = Importers.standard().read(ImportSource.of(request), ImportListener.NONE);
        HistoryViewModel bigModel = new HistoryViewModel(big, new SyncTaskRunner(), e -> { });
        ContextChartView[] view = new ContextChartView[1];
        robot.interact(() -> {
            view[0] = new ContextChartView(bigModel);
            bigModel.setActive(true);
        });
        HistoryInsight insight = bigModel.getInsight();
        assertEquals(8_192, insight.limit(), "gpt-4's window, from the model the request names");
        assertEquals(2, view[0].chart().getData().get(1).getData().size(), "the window is drawn");
        assertEquals(8_192, view[0].chart().getData().get(1).getData().get(0).getYValue().intValue());
        assertEquals(6_553, view[0].chart().getData().get(2).getData().get(0).getYValue().intValue(), "the 80 % trigger");
        assertTrue(insight.points().get(insight.points().size() - 1).count().tokens() > 8_192, "this history overflows");
    }

    @Test
    void theRecordedUsageIsDrawnBesideTheCountAndACompactionIsMarkedWithWhatItDropped(FxRobot robot) throws Exception {
        Trace session = Importers.standard().read(ImportSource.of(Path.of("../sample-logs/claude-code/compacted-session.jsonl")),
                ImportListener.NONE);
        HistoryViewModel sessionModel = new HistoryViewModel(session, new SyncTaskRunner(), e -> { });
        ContextChartView[] view = new ContextChartView[1];
        robot.interact(() -> {
            view[0] = new ContextChartView(sessionModel);
            sessionModel.setActive(true);
        });
        HistoryInsight insight = sessionModel.getInsight();
        assertEquals(200_000, insight.limit(), "the window of the Claude model the session names");
        assertEquals(5, insight.measured().size());
        var series = view[0].chart().getData();
        assertEquals("recorded usage", series.get(4).getName());
        assertEquals(14_384, series.get(4).getData().get(4).getYValue().intValue());
        assertEquals("compacted", series.get(5).getName());
        assertEquals(1, series.get(5).getData().size());
        String breakdown = view[0].breakdown().getText();
        assertTrue(breakdown.contains("Recorded: the call at line 12 read 14,384 prompt tokens"), breakdown);
        assertTrue(breakdown.contains("Compacted at line 6 (manual), 14,561 tokens before as recorded"), breakdown);
        assertTrue(breakdown.contains("It dropped 5 messages"), breakdown);
    }
}
