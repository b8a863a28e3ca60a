package dev.tracedeck.desktop.transcript;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.run.Transcript;
import dev.tracedeck.analysis.run.TranscriptEntry;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SubAgentSession;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The transcript of a Claude Code session with a sub-agent, headless: what each block says, its folds and marks. */
@ExtendWith(ApplicationExtension.class)
class TranscriptViewTest {

    private Trace trace;
    private TranscriptViewModel model;
    private TranscriptView view;
    private final List<Event> revealed = new ArrayList<>();
    private final javafx.beans.property.StringProperty find = new javafx.beans.property.SimpleStringProperty("");

    @Start
    void start(Stage stage) throws Exception {
        trace = SubAgentSession.trace();
        model = new TranscriptViewModel(trace, new SyncTaskRunner(), revealed::add);
        view = new TranscriptView(model, find);
        Scene scene = new Scene(view, 900, 700);
        for (String sheet : List.of("tokens-light.css", "app.css")) {
            scene.getStylesheets().add(TranscriptViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        // A window of its own: the stage the extension hands every test keeps the size it is given.
        Stage own = new Stage();
        own.setScene(scene);
        own.show();
        model.setActive(true);
    }

    private List<String> shown(FxRobot robot, String style) {
        return robot.from(view).lookup(style).queryAll().stream().filter(Node::isVisible)
                .map(n -> ((Label) n).getText()).toList();
    }

    @Test
    void readsAsAConversationEachCallUnderItsToolWithItsResultBesideItAndTheSubAgentNested(FxRobot robot) {
        List<String> who = shown(robot, ".transcript-who");
        assertEquals(List.of("user", "thinking", "assistant", "⚙ Task", "↳ sub-agent sess-1/agent-helper · claude-haiku-4-5",
                "user", "assistant", "⚙ Bash  ✖ failed", "assistant"), who);
        List<String> results = shown(robot, ".transcript-result-head");
        assertTrue(results.contains("← Task"), results.toString());
        assertTrue(results.contains("← Bash failed"), results.toString());
        assertTrue(shown(robot, ".transcript-body").contains("description: Poem\nprompt: a poem about curry\nsubagent_type: general-purpose"),
                "a call's arguments in words, a line each: " + shown(robot, ".transcript-body"));
        VBox subAgentUser = robot.from(view).lookup(".transcript-block").queryAll().stream()
                .map(n -> (VBox) n).filter(b -> b.isVisible() && ((Label) ((javafx.scene.layout.HBox) b.getChildren().get(0))
                        .getChildren().get(0)).getText().equals("user")).toList().get(1);
        assertTrue(subAgentUser.getPadding().getLeft() > 0, "the sub-agent's conversation is nested");
        assertTrue(robot.from(view).lookup(".transcript-block").queryAll().stream()
                .anyMatch(n -> n.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("error"))),
                "the failed call is marked");
    }

    @Test
    void thinkingIsFoldedUntilEnterOpensItAndChoosingABlockSelectsItsEvent(FxRobot robot) {
        assertTrue(shown(robot, ".transcript-fold").contains("▸ [thinking: 22 characters]"), shown(robot, ".transcript-fold").toString());
        ListView<TranscriptEntry> list = robot.from(view).lookup("#transcript-list").queryListView();

        robot.clickOn(list);
        robot.interact(() -> list.getSelectionModel().clearAndSelect(1));
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(model.isUnfolded(1));
        assertTrue(shown(robot, ".transcript-body").contains("A helper can write it."),
                "opened, the thinking its record holds: " + shown(robot, ".transcript-body"));
        assertEquals(trace.event(1), revealed.get(revealed.size() - 1));
    }

    @Test
    void aLongOutputShowsItsHeadAndSaysHowMuchItFolds() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            text.append("line ").append(i).append('\n');
        }
        assertTrue(TranscriptViewModel.isLong(text.toString()));
        assertEquals("310 B · 40 lines", TranscriptView.size(text.toString()));
    }

    @Test
    void theBlocksThatHoldTheWordsSearchedForAreMarkedAndF3GoesFromOneToTheNext(FxRobot robot) {
        robot.interact(() -> find.set("curry"));
        List<Integer> marked = new ArrayList<>();
        ListView<TranscriptEntry> list = robot.from(view).lookup("#transcript-list").queryListView();
        for (int i = 0; i < list.getItems().size(); i++) {
            TranscriptEntry entry = list.getItems().get(i);
            if ((entry.title() + Transcript.text(entry) + Transcript.resultText(entry)).toLowerCase(java.util.Locale.ROOT)
                    .contains("curry")) {
                marked.add(i);
            }
        }
        assertTrue(marked.size() >= 2, "the prompt and the sub-agent's question: " + marked);
        assertTrue(robot.from(view).lookup(".transcript-block").queryAll().stream().filter(Node::isVisible)
                .anyMatch(n -> n.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("match"))));

        robot.clickOn(list);
        robot.interact(() -> list.getSelectionModel().clearSelection());
        robot.type(KeyCode.F3);
        assertEquals(marked.get(0), list.getSelectionModel().getSelectedIndex(), "the first block that holds them");
        robot.type(KeyCode.F3);
        assertEquals(marked.get(1), list.getSelectionModel().getSelectedIndex(), "the next");
        robot.press(KeyCode.SHIFT).type(KeyCode.F3).release(KeyCode.SHIFT);
        assertEquals(marked.get(0), list.getSelectionModel().getSelectedIndex(), "back");
    }
}
