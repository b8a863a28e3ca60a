package dev.tracedeck.desktop.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Fingerprint;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.findings.FindingsRow.FindingRow;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.desktop.triage.TriageMarks;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.TriageStatus;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The findings panel alone, headless: C, F and A mark the selected finding, after the note prompt. */
@ExtendWith(ApplicationExtension.class)
class TriageKeysTest {

    private final Trace trace = TestTraces.small();
    private final Finding finding = new Finding("agent-error", Severity.ERROR, "m:s1", OptionalInt.empty(),
            "a run-level record as evidence", List.of(trace.event(9)));
    private final List<String> asked = new ArrayList<>();
    private Path dir;
    private Path file;
    private WorkspaceLink link;
    private FindingsViewModel model;
    private Optional<String> answer = Optional.of("seen in production");

    @Start
    void start(Stage stage) throws Exception {
        dir = Files.createTempDirectory("triage-keys");
        file = dir.resolve("workspace.db");
        link = new WorkspaceLink(file, Clock.systemUTC(), new SyncTaskRunner(), new NoticesViewModel());
        model = new FindingsViewModel(new SyncTaskRunner(), t -> new Validation(t.file(), t.format(), "test",
                List.of(new ThreadChecklist("m:s1", List.of(new Check("agent-error", "no errors", CheckStatus.FAIL,
                        List.of(finding), ""))))), e -> { }, new TriageMarks(Optional.of(link)));
        model.check(trace);
        FindingsView view = new FindingsView(model, () -> { }, () -> { });
        view.setNotePrompt((f, status, previous) -> {
            asked.add(status.id() + "|" + previous);
            return answer;
        });
        Scene scene = new Scene(view, 700, 300);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(TriageKeysTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        stage.setScene(scene);
        stage.sizeToScene();
        stage.show();
    }

    @AfterEach
    void closeLink() {
        link.close();
    }

    @Test
    void cMarksTheSelectedFindingConfirmedWithTheNoteAndTheRowShowsIt(FxRobot robot) throws Exception {
        robot.interact(() -> model.select(findingRow()));
        robot.clickOn(findingCell(robot));

        robot.type(KeyCode.C);

        assertEquals(List.of("confirmed|"), asked);
        assertEquals("● confirmed", robot.from(findingCell(robot)).lookup(".findings-triage").<Label>query().getText());
        try (WorkspaceStore store = WorkspaceStore.open(file, Clock.systemUTC())) {
            assertEquals("seen in production", store.markOf(Fingerprint.of(finding)).orElseThrow().note());
        }
    }

    @Test
    void aCancelledNoteMarksNothingAndTheNextKeyOffersTheEarlierNote(FxRobot robot) throws Exception {
        robot.clickOn(findingCell(robot));
        robot.type(KeyCode.A);
        answer = Optional.empty();

        robot.type(KeyCode.F);

        assertEquals(List.of("accepted|", "false-positive|seen in production"), asked);
        assertEquals(TriageStatus.ACCEPTED, model.triage().markOf(finding).orElseThrow().status());
        assertTrue(robot.from(findingCell(robot)).lookup(".findings-triage").<Label>query().getText().endsWith("accepted"));
    }

    @Test
    void deleteTakesTheMarkOffInTheWorkspaceAndOnTheRow(FxRobot robot) throws Exception {
        robot.clickOn(findingCell(robot));
        robot.type(KeyCode.A);
        assertTrue(model.triage().markOf(finding).isPresent());

        robot.type(KeyCode.DELETE);

        assertTrue(model.triage().markOf(finding).isEmpty());
        assertEquals("", robot.from(findingCell(robot)).lookup(".findings-triage").<Label>query().getText());
        try (WorkspaceStore store = WorkspaceStore.open(file, Clock.systemUTC())) {
            assertTrue(store.marks().isEmpty(), "cleared in the workspace too");
        }
        robot.type(KeyCode.BACK_SPACE);
        assertEquals(List.of("accepted|"), asked, "clearing asks for no note");
    }

    private FindingsRow findingRow() {
        return model.rows().stream().filter(r -> r instanceof FindingRow).findFirst().orElseThrow();
    }

    private ListCell<FindingsRow> findingCell(FxRobot robot) {
        return robot.lookup("#findings-list .findings-cell").<ListCell<FindingsRow>>queryAll().stream()
                .filter(c -> c.getItem() instanceof FindingRow).findFirst().orElseThrow();
    }
}
