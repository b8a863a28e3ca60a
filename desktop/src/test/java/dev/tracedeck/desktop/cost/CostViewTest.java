package dev.tracedeck.desktop.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.cost.CostGroups;
import dev.tracedeck.analysis.cost.Prices;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SubAgentSession;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Cost view of a Claude Code session, headless: the main agent on Claude Opus 4.5 (bundled genai-prices: input $5,
 * output $25 per million tokens), its sub-agent on a model no table prices. The main agent's three calls, worked out
 * by hand: 900 in + 40 out = $0.005500, 1,000 + 20 = $0.005500, 1,100 + 30 = $0.006250; $0.017250 in all.
 */
@ExtendWith(ApplicationExtension.class)
class CostViewTest {

    private static final Optional<String> NO_PROBLEM = Optional.empty();
    private Trace trace;
    private CostViewModel model;
    private CostView view;
    private final List<Event> revealed = new ArrayList<>();
    /** How many times the view asked for the prices: once per pricing of the ledger. */
    private int priced;

    static Trace read(String lines) throws Exception {
        return Importers.standard().read(ImportSource.of("session.jsonl", lines.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    /** The session with its sub-agent on a model no price table has. */
    static String unpricedSubAgent() {
        return SubAgentSession.lines().replace("claude-haiku-4-5", "house-model-7");
    }

    @Start
    void start(Stage stage) throws Exception {
        show(unpricedSubAgent());
    }

    private void show(String lines) throws Exception {
        trace = read(lines);
        Prices bundled = Prices.bundled();
        model = new CostViewModel(trace, new SyncTaskRunner(), () -> {
            priced++;
            return new DesktopPrices.Loaded(bundled, NO_PROBLEM);
        }, revealed::add);
        view = new CostView(model);
        Scene scene = new Scene(view, 1200, 500);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(CostViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        // A window of its own: the stage the extension hands every test keeps the size it is given.
        Stage own = new Stage();
        own.setScene(scene);
        own.show();
        model.setActive(true);
    }

    /** What the visible cells of a column say, row by row. */
    private List<String> column(FxRobot robot, int index) {
        TableView<CostRow> table = view.table();
        List<String> out = new ArrayList<>();
        for (int row = 0; row < table.getItems().size(); row++) {
            int r = row;
            out.add(robot.from(table).lookup(".table-cell").queryAll().stream()
                    .map(n -> (TableCell<?, ?>) n)
                    .filter(c -> c.getIndex() == r && c.getTableColumn() == table.getColumns().get(index) && !c.isEmpty())
                    .map(c -> c.getText() != null ? c.getText()
                            : ((javafx.scene.control.Label) ((javafx.scene.layout.HBox) c.getGraphic()).getChildren().get(0)).getText())
                    .findFirst().orElse("?"));
        }
        return out;
    }

    @Test
    void theTotalSaysAtLeastWhenAModelHasNoPriceNeverZero(FxRobot robot) {
        assertEquals("≥ $0.017250 + 1 unpriced call", view.totalText());
        assertTrue(model.statusProperty().get().startsWith("priced with genai-prices "), model.statusProperty().get());
        assertTrue(robot.lookup("#cost-total").query().getPseudoClassStates().stream()
                .anyMatch(p -> p.getPseudoClassName().equals("unpriced")), "an incomplete total is marked");
    }

    @Test
    void byModelEachGroupIsFollowedByItsCallsWithTheirBucketsPriceRowAndDollars(FxRobot robot) {
        assertEquals(List.of("claude-opus-4-5", "line 2", "line 6", "line 8", "house-model-7", "line 4"), column(robot, 0));
        assertEquals(List.of("$0.017250", "$0.005500", "$0.005500", "$0.006250", "≥ $0.000000 + 1 unpriced call", "UNPRICED"),
                column(robot, 1));
        assertEquals(List.of("recorded", "recorded", "recorded", "recorded", "recorded", "recorded"), column(robot, 2));
        assertEquals(List.of("3", "", "", "", "1", ""), column(robot, 3), "calls, for a group");
        assertEquals(List.of("3,000", "900", "1,000", "1,100", "300", "300"), column(robot, 4), "input tokens as billed");
        assertEquals(List.of("90", "40", "20", "30", "20", "20"), column(robot, 8), "output tokens as billed");
        List<String> rows = column(robot, 10);
        assertEquals("anthropic/claude-opus-4-5", rows.get(1), "the row the dated name resolved to; the header names the table");
        assertEquals("UNPRICED", rows.get(5));
    }

    @Test
    void choosingACallSelectsItsEventAndAnEventSelectedElsewhereSelectsItsCall(FxRobot robot) {
        robot.interact(() -> view.table().getSelectionModel().clearAndSelect(2));
        Event chosen = revealed.get(revealed.size() - 1);
        assertEquals(6, chosen.source().firstLine(), "the call at line 6");

        Event lastCall = trace.events().stream().filter(e -> e.source().firstLine() == 8).findFirst().orElseThrow();
        robot.interact(() -> model.showEvent(lastCall));
        assertEquals(3, view.table().getSelectionModel().getSelectedIndex());
        assertEquals(chosen, revealed.get(revealed.size() - 1), "shown, not selected again elsewhere");
    }

    @Test
    void keysRegroupTheCallsByAgentWithTheSubAgentUnderTheMainOne(FxRobot robot) {
        robot.clickOn(view.table());
        robot.type(KeyCode.A);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(CostGroups.By.agent, model.byProperty().get());
        List<String> names = column(robot, 0);
        assertEquals("sess-1", names.get(0), names.toString());
        assertTrue(names.contains("line 4 · house-model-7"), names.toString());
        int subAgent = names.indexOf("line 4 · house-model-7") - 1;
        assertTrue(view.table().getItems().get(subAgent).depth() == 1, "the sub-agent sits under the agent that started it: " + names);
        assertTrue(robot.lookup("#cost-by-agent").queryAs(javafx.scene.control.ToggleButton.class).isSelected());

        robot.type(KeyCode.C);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(4, view.table().getItems().size(), "a row per call");
        assertEquals(1, priced, "regrouped, the ledger is listed again, not priced again");
    }

    @Test
    void aCallWithoutRecordedUsageIsEstimatedAndMarkedSo(FxRobot robot) throws Exception {
        String lines = SubAgentSession.lines().replace(",\"usage\":{\"input_tokens\":1100,\"output_tokens\":30}", "");
        robot.interact(() -> {
            try {
                show(lines);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        List<String> origins = column(robot, 2);
        assertEquals("2 rec · 1 est", origins.get(0), origins.toString());
        assertEquals("estimated", origins.get(3), origins.toString());
        String input = column(robot, 4).get(3);
        assertTrue(input.startsWith("~"), "an estimated figure is marked: " + input);
        assertFalse(column(robot, 4).get(1).startsWith("~"), "a recorded one is not");
        assertTrue(column(robot, 1).get(3).startsWith("~$"), column(robot, 1).toString());
        assertTrue(view.table().lookupAll(".table-cell").stream().anyMatch(n -> n.getPseudoClassStates().stream()
                .anyMatch(p -> p.getPseudoClassName().equals("estimated"))), "estimated cells are set apart");
    }
}
