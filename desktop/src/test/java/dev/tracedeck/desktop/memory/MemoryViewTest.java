package dev.tracedeck.desktop.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.memory.ValueLines;
import dev.tracedeck.analysis.memory.ValueLines.Mark;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Memory view of our Letta sample, headless: the human block (limit 200) appended to at line 170 (34 → 91
 * characters), its first line replaced at line 307 (91 → 105), then an append Letta refused at line 444 (it would
 * have made 252 characters).
 */
@ExtendWith(ApplicationExtension.class)
class MemoryViewTest {

    private static final String LETTA = "sample-logs/letta/block-over-limit.af";
    private static final String MYCELIAN = "sample-logs/mycelian/before-prebuilt-react.log";
    private Trace trace;
    private MemoryViewModel model;
    private MemoryView view;
    private final List<Event> revealed = new ArrayList<>();

    static Trace read(String resource) throws Exception {
        try (InputStream in = MemoryViewTest.class.getClassLoader().getResourceAsStream(resource)) {
            String name = resource.substring(resource.lastIndexOf('/') + 1);
            return Importers.standard().read(ImportSource.of(name, in.readAllBytes()), ImportListener.NONE);
        }
    }

    @Start
    void start(Stage stage) throws Exception {
        show(read(LETTA));
    }

    private void show(Trace shown) {
        trace = shown;
        model = new MemoryViewModel(trace, new SyncTaskRunner(), revealed::add);
        view = new MemoryView(model);
        Scene scene = new Scene(view, 1100, 600);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(MemoryViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        Stage own = new Stage();
        own.setScene(scene);
        own.show();
        model.setActive(true);
    }

    private List<Node> marks(FxRobot robot) {
        List<Node> marks = new ArrayList<>(robot.from(view).lookup(".memory-lanes .memory-mark").queryAll());
        marks.sort(java.util.Comparator.comparingInt((Node n) -> ((MemoryLanes.Mark) n.getUserData()).lane())
                .thenComparingInt(n -> ((MemoryLanes.Mark) n.getUserData()).index()));
        return marks;
    }

    private static boolean has(Node node, String pseudoClass) {
        return node.getPseudoClassStates().contains(PseudoClass.getPseudoClass(pseudoClass));
    }

    /** The value's lines as the cells show them, with the sign of their mark. */
    private List<String> shownLines(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        return robot.from(view.valueList()).lookup(".memory-line").queryAll().stream()
                .map(n -> (ListCell<?>) n).filter(c -> !c.isEmpty() && c.getText() != null)
                .sorted(java.util.Comparator.comparingInt(ListCell::getIndex))
                .map(c -> (has(c, "added") ? "[added] " : has(c, "removed") ? "[removed] " : "") + c.getText().strip())
                .toList();
    }

    @Test
    void aLanePerBlockAMarkPerCallEachKindItsShapeAFailedCallHollow(FxRobot robot) {
        assertEquals(1, model.lanes().lanes().size());
        assertEquals("human", robot.from(view).lookup(".memory-lane-name").queryAs(Label.class).getText());
        List<Node> marks = marks(robot);
        assertEquals(3, marks.size());
        assertTrue(marks.get(0).getStyleClass().contains("mark-append"));
        assertTrue(marks.get(1).getStyleClass().contains("mark-replace"));
        assertTrue(marks.get(2).getStyleClass().contains("mark-append"));
        assertFalse(has(marks.get(0), "failed"));
        assertTrue(has(marks.get(2), "failed"), "Letta refused the last append");
        assertTrue(marks.get(0).getBoundsInParent().getMinX() < marks.get(1).getBoundsInParent().getMinX()
                && marks.get(1).getBoundsInParent().getMinX() < marks.get(2).getBoundsInParent().getMinX(),
                "placed in the run's order");
    }

    @Test
    void aMarkClickedShowsTheValueAfterWithTheLinesItAddedAndRemoved(FxRobot robot) {
        robot.clickOn(marks(robot).get(0));
        assertEquals(List.of("First name: Tomás", "Location: Lisbon",
                "[added] + Grows cherry tomatoes in pots on a south-facing balcony."), shownLines(robot));
        assertTrue(revealed.isEmpty(), "a mark chosen shows its value; the call is one click further");

        robot.type(KeyCode.RIGHT);
        assertEquals(List.of("[removed] − First name: Tomás", "[added] + First name: Tomás (goes by Tom)",
                "Location: Lisbon", "Grows cherry tomatoes in pots on a south-facing balcony."), shownLines(robot));
        assertTrue(model.detailProperty().get().facts().contains("91 → 105 characters, limit 200"),
                model.detailProperty().get().facts());
    }

    @Test
    void theRefusedAppendSaysNothingChangedAndShowsWhatItAskedFor(FxRobot robot) {
        robot.clickOn(marks(robot).get(0));
        robot.type(KeyCode.RIGHT, KeyCode.RIGHT);
        MarkDetail detail = model.detailProperty().get();
        assertTrue(detail.note().startsWith("The call failed"), detail.note());
        assertTrue(detail.facts().contains("105 → 252 characters asked, refused"), detail.facts());
        assertTrue(detail.lines().stream().anyMatch(l -> l.mark() == Mark.ADDED), "the lines it asked to add");
        robot.type(KeyCode.RIGHT);
        assertEquals(2, model.selectedProperty().get().index(), "→ stops at the last mark");
    }

    @Test
    void enterAndTheLinkSelectTheCallEverywhere(FxRobot robot) {
        robot.clickOn(marks(robot).get(1));
        robot.type(KeyCode.ENTER);
        assertEquals(1, revealed.size());
        assertEquals(307, revealed.get(0).source().firstLine(), "the core_memory_replace call");
        robot.clickOn("#memory-call");
        assertEquals(2, revealed.size());
        assertEquals(revealed.get(0), revealed.get(1));
    }

    @Test
    void anEventSelectedElsewhereSelectsItsMarkWithoutSelectingItAgain(FxRobot robot) {
        Event append = trace.events().stream().filter(e -> e.source().firstLine() == 170).findFirst().orElseThrow();
        robot.interact(() -> model.showEvent(append));
        assertEquals(0, model.selectedProperty().get().index());
        assertTrue(has(marks(robot).get(0), "selected"));
        assertTrue(revealed.isEmpty());
        Event other = trace.events().get(0);
        robot.interact(() -> model.showEvent(other));
        assertEquals(0, model.selectedProperty().get().index(), "an event that made no operation changes nothing");
    }

    @Test
    void upAndDownMoveToTheNearestMarkOfTheNextMemory(FxRobot robot) throws Exception {
        Trace mycelian = read(MYCELIAN);
        robot.interact(() -> show(mycelian));
        assertEquals(4, model.lanes().lanes().size());
        assertEquals("3f2b9c1e:s1", model.lanes().lanes().get(0).thread(), "two sessions use the same memory: the lanes name their thread as the thread list does");
        robot.interact(() -> view.requestFocus());
        robot.type(KeyCode.RIGHT);
        assertEquals(0, model.selectedProperty().get().lane(), "the first key selects the first mark");
        robot.type(KeyCode.DOWN);
        MemoryLanes.Mark below = model.selectedProperty().get();
        assertEquals(1, below.lane());
        assertEquals("read", below.op().op().label(), "list_entries, the entries lane's mark nearest the context read");
        robot.type(KeyCode.UP, KeyCode.UP);
        assertEquals(0, model.selectedProperty().get().lane(), "↑ stops at the first lane");
    }

    /** Marks closer than a few pixels share a node: thousands of operations make as many nodes as the lanes have cells. */
    @Test
    void thousandsOfMarksKeepANodePerCellAndOneForTheSelectedMark(FxRobot robot) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("memory-ops", ".jsonl");
        try {
            dev.tracedeck.desktop.bench.MemoryViewBenchmark.write(file, 4_000);
            Trace many = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
            robot.interact(() -> show(many));
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(8, model.lanes().lanes().size());
            assertEquals(4_000, model.lanes().operations());
            int nodes = marks(robot).size();
            // 8 lanes of 500 marks on tracks under 1,100 pixels wide: fewer than 367 cells each
            assertTrue(nodes >= 8 * 100 && nodes < 8 * 367, nodes + " nodes");
            MemoryLanes.Mark first = model.lanes().lanes().get(0).marks().get(0);
            assertTrue(marks(robot).stream().noneMatch(n -> n.getUserData() == first), "the first mark shares its cell");
            robot.interact(() -> model.select(first));
            WaitForAsyncUtils.waitForFxEvents();
            Node shown = marks(robot).stream().filter(n -> n.getUserData() == first).findFirst().orElseThrow();
            assertTrue(has(shown, "selected"));
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
    }

    @Test
    void aFormatWithoutMemorySaysSoInWords(FxRobot robot) throws Exception {
        Trace chat = read("sample-logs/openai/clean-tool-calls.json");
        robot.interact(() -> show(chat));
        assertEquals("This trace holds no memory operations: " + chat.format() + " keeps none",
                robot.from(view).lookup("#memory-empty").queryAs(Label.class).getText());
        assertNull(view.chart());
    }

    @Test
    void aValueWhoseChangeIsNotKnownShowsWhatTheCallPutIn() throws Exception {
        Trace mycelian = read(MYCELIAN);
        MemoryLanes lanes = MemoryLanes.of(mycelian);
        MemoryLanes.Lane entries = lanes.lanes().get(1);
        MemoryLanes.Mark append = entries.marks().get(1);
        MarkDetail detail = MarkDetail.of(entries.memory(), "", append.op());
        assertTrue(detail.note().startsWith("The memory's value here is not known"), detail.note());
        assertTrue(detail.lines().stream().allMatch(l -> l.mark() == ValueLines.Mark.ADDED));
        assertTrue(detail.lines().get(0).text().startsWith("I'm finally doing it"), detail.lines().get(0).text());
    }
}
