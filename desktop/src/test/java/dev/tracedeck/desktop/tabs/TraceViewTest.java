package dev.tracedeck.desktop.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.findings.FindingsRow.FindingRow;
import dev.tracedeck.desktop.findings.FindingsRow;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.OptionalInt;
import javafx.scene.Scene;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * One trace's panes alone, headless. The case here is the one the sample logs never produce: a finding
 * whose evidence lies outside the thread the lists show, so clicking it rebuilds the findings list while
 * the list is still handling that click.
 */
@ExtendWith(ApplicationExtension.class)
class TraceViewTest {

    private final Trace trace = TestTraces.small();
    private final Finding finding = new Finding("agent-error", Severity.ERROR, "m:s1", OptionalInt.empty(),
            "a run-level record as evidence", List.of(trace.event(9)));
    private TraceViewModel model;
    private OpenFilesViewModel openFiles;
    private TraceView view;

    @Start
    void start(Stage stage) {
        model = new TraceViewModel(LoadedTrace.of(trace), new SyncTaskRunner(), new SyncTaskRunner(),
                t -> new Validation(t.file(), t.format(), "test", List.of(new ThreadChecklist("m:s1",
                        List.of(new Check("agent-error", "no errors", CheckStatus.FAIL, List.of(finding), ""))))));
        model.startChecks();
        model.threads().select(model.threads().threads().get(2));
        NoticesViewModel notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        openFiles.setPaneLayout(new PaneLayout(0.3, 0.4, 0.4));
        view = new TraceView(model, openFiles);
        Scene scene = new Scene(view, 1200, 700);
        // The colour tokens live on the scene in the app (the theme swaps them); the panes' sheets need them.
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(TraceViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        stage.setScene(scene);
        // The primary stage outlives test classes: without this it keeps an earlier test's size and resizes the panes.
        stage.sizeToScene();
        stage.show();
    }

    @Test
    void clickingAFindingWhoseEvidenceIsInAnotherThreadWidensTheListsAndSelectsIt(FxRobot robot) {
        ListCell<FindingsRow> cell = robot.lookup("#findings-list .findings-cell").<ListCell<FindingsRow>>queryAll().stream()
                .filter(c -> c.getItem() instanceof FindingRow).findFirst().orElseThrow();

        robot.clickOn(cell);

        assertTrue(model.threads().getSelected().isAll());
        TableView<Event> table = robot.lookup("#timeline-table").queryTableView();
        assertEquals(9, table.getSelectionModel().getSelectedItem().seq());
        assertSame(finding, model.findings().getSelectedFinding());
        assertTrue(robot.lookup("#findings-list").<ListView<FindingsRow>>query()
                .getSelectionModel().getSelectedItem() instanceof FindingRow, "the list still shows the finding selected");
    }

    @Test
    void thePanesStartWhereTheWindowsLayoutSaysAndMovingADividerUpdatesIt(FxRobot robot) {
        SplitPane center = (SplitPane) view.getItems().get(1);
        SplitPane panes = (SplitPane) center.getItems().get(0);
        assertEquals(0.3, view.getDividerPositions()[0], 0.01);
        assertEquals(0.4, panes.getDividerPositions()[0], 0.01);
        assertEquals(0.4, center.getDividerPositions()[0], 0.01);

        robot.interact(() -> panes.setDividerPositions(0.7));
        assertEquals(0.7, openFiles.getPaneLayout().detail(), 0.01);
        robot.interact(() -> center.setDividerPositions(0.5));
        assertEquals(0.5, openFiles.getPaneLayout().findings(), 0.01);

        robot.interact(() -> openFiles.showFindings(false));
        robot.interact(() -> openFiles.showFindings(true));
        assertEquals(0.5, center.getDividerPositions()[0], 0.01, "the findings panel comes back where it was");
    }
}
