package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.run.RunWords;
import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.desktop.fixtures.ClaudeCodeLines;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A Claude Code session whose Bash call printed as it ran: its progress lines and the message queued meanwhile fold into
 * the call's row, which counts them, and the toggle shows them as rows of their own, each said in words.
 */
@ExtendWith(ApplicationExtension.class)
class HarnessFoldingTest {

    private TimelineViewModel model;
    private TimelineView view;
    private Trace trace;

    @Start
    void start(Stage stage) throws Exception {
        ClaudeCodeLines lines = new ClaudeCodeLines();
        String session = lines.prompt("refund order 7") + lines.call("m1", "toolu_01Fx") + lines.progress("toolu_01Fx", "step 1")
                + lines.progress("toolu_01Fx", "step 2") + lines.queued("are you done?") + lines.result("toolu_01Fx")
                + lines.answer("m2", "Refunded.");
        trace = Importers.standard().read(ImportSource.of("s1.jsonl", session.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
        LlmRounds rounds = LlmRounds.of(trace.events());
        model = new TimelineViewModel(trace.events(), rounds, ThreadLabels.of(List.of("s1")),
                TimelineRows.of(trace.events(), rounds, RunWords.of(trace)));
        view = new TimelineView(model);
        // A window of its own: the stage the extension hands every test keeps the size it is given.
        Stage own = new Stage();
        own.setScene(new Scene(view, 900, 400));
        own.show();
    }

    private List<String> summaries(FxRobot robot) {
        TableView<Event> table = robot.from(view).lookup("#timeline-table").queryTableView();
        return table.getItems().stream().map(model::summary).toList();
    }

    @Test
    void harnessRecordsFoldIntoTheirStepWithACountAndOneKeyShowsThemInWords(FxRobot robot) {
        List<String> folded = summaries(robot);
        assertEquals(4, folded.size(), String.join("\n", folded));
        assertTrue(folded.get(1).startsWith("+3 folded · #1 assistant → Bash(command: make refund)"), folded.get(1));
        assertTrue(folded.get(2).contains("← Bash: refunded"), "a result named by its tool: " + folded.get(2));
        assertFalse(folded.get(2).contains("toolu_01Fx"), "its call id is the detail's");
        ToggleButton toggle = robot.from(view).lookup("#show-harness").queryAs(ToggleButton.class);
        assertEquals("Harness 3", toggle.getText());

        robot.clickOn(toggle);
        WaitForAsyncUtils.waitForFxEvents();

        List<String> shown = summaries(robot);
        assertEquals(7, shown.size());
        assertEquals(List.of("Bash output so far: step 1", "Bash output so far: step 2", "queued for the model: are you done?"),
                shown.subList(2, 5));
        shown.forEach(s -> assertFalse(s.contains("{\""), "no summary shows raw JSON: " + s));
        assertFalse(model.filter().isHarnessFolded());
    }

    @Test
    void revealingAFoldedRecordShowsTheHarnessRowsWithItSelected(FxRobot robot) {
        Event progress = trace.events().stream().filter(e -> e.keyword().equals("progress")).findFirst().orElseThrow();

        robot.interact(() -> model.selection().reveal(progress));

        assertFalse(model.filter().isHarnessFolded(), "a finding's evidence may be a harness record: it is shown");
        assertEquals(progress, model.selection().getSelectedEvent());
    }
}
