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
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Point2D;
import javafx.scene.image.Image;
import javafx.scene.image.PixelReader;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
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

    private MemoryLanes.Mark mark(int lane, int index) {
        return model.lanes().lanes().get(lane).marks().get(index);
    }

    private LaneTrack track(int lane) {
        WaitForAsyncUtils.waitForFxEvents();
        return view.chart().track(lane);
    }

    /** Where on the screen the lanes draw {@code mark}. */
    private Point2D at(MemoryLanes.Mark mark) {
        LaneTrack track = track(mark.lane());
        return track.localToScreen(track.xOf(mark), track.getHeight() / 2);
    }

    /** The lane's track as drawn. */
    private Image drawn(FxRobot robot, int lane) {
        LaneTrack track = track(lane);
        AtomicReference<Image> image = new AtomicReference<>();
        robot.interact(() -> image.set(track.snapshot(null, null)));
        return image.get();
    }

    /** The colour the style sheet gives a kind of mark, as the legend shows it. */
    private Color legendColor(FxRobot robot, String op) {
        Region legend = robot.from(view).lookup(".memory-legend .mark-" + op).queryAs(Region.class);
        return (Color) legend.getBackground().getFills().get(0).getFill();
    }

    private static boolean near(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) < 0.05 && Math.abs(a.getGreen() - b.getGreen()) < 0.05
                && Math.abs(a.getBlue() - b.getBlue()) < 0.05;
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
        assertEquals(2, model.lanes().lanes().size());
        assertEquals("human", robot.from(view).lookup(".memory-lane-name").queryAs(Label.class).getText());
        assertEquals("persona", model.lanes().lanes().get(1).label(), "a block no call changes comes after those calls change");
        assertEquals(0, model.lanes().lanes().get(1).marks().size());
        LaneTrack track = track(0);
        assertEquals(3, model.lanes().lanes().get(0).marks().size());
        double append = track.xOf(mark(0, 0));
        double replace = track.xOf(mark(0, 1));
        double refused = track.xOf(mark(0, 2));
        assertTrue(append < replace && replace < refused, "placed in the run's order");
        Image image = drawn(robot, 0);
        PixelReader px = image.getPixelReader();
        int y = (int) Math.round(track.getHeight() / 2);
        Color green = legendColor(robot, "append");
        Color amber = legendColor(robot, "replace");
        assertTrue(near(green, px.getColor((int) append, y)), "an append is filled with its colour: " + px.getColor((int) append, y));
        assertTrue(near(green, px.getColor((int) append - 4, y - 4)), "a square: its corner drawn");
        assertTrue(near(amber, px.getColor((int) replace, y)), "a replace in its own colour");
        assertFalse(near(amber, px.getColor((int) replace - 4, y - 4)), "a diamond: no corner");
        assertFalse(near(green, px.getColor((int) refused, y)), "Letta refused the last append: hollow");
        assertTrue(java.util.stream.IntStream.rangeClosed(4, 6).anyMatch(d -> near(green, px.getColor((int) refused - d, y))),
                "its outline in the append's colour");
    }

    @Test
    void aChangeOfThemeDrawsTheMarksAgainInItsColours(FxRobot robot) {
        int x = (int) track(0).xOf(mark(0, 0));
        int y = (int) Math.round(track(0).getHeight() / 2);
        Color dark = legendColor(robot, "append");
        robot.interact(() -> view.getScene().getStylesheets().setAll(
                MemoryViewTest.class.getResource("/dev/tracedeck/desktop/tokens-light.css").toExternalForm(),
                MemoryViewTest.class.getResource("/dev/tracedeck/desktop/app.css").toExternalForm()));
        WaitForAsyncUtils.waitForFxEvents();
        Color light = legendColor(robot, "append");
        assertFalse(near(dark, light), "the themes' greens differ");
        assertTrue(near(light, drawn(robot, 0).getPixelReader().getColor(x, y)), "the lane drawn in the light theme's green");
    }

    @Test
    void aMarkClickedShowsTheValueAfterWithTheLinesItAddedAndRemoved(FxRobot robot) {
        robot.clickOn(at(mark(0, 0)));
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
        robot.clickOn(at(mark(0, 0)));
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
        robot.clickOn(at(mark(0, 1)));
        assertEquals(mark(0, 1), model.selectedProperty().get(), "a click at a mark's place selects it");
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
        Node shown = robot.from(track(0)).lookup(".memory-mark").query();
        assertTrue(shown.isVisible() && has(shown, "selected"), "the selected mark drawn larger, with its glow");
        assertEquals(track(0).xOf(mark(0, 0)), shown.getBoundsInParent().getCenterX(), 1);
        assertTrue(track(0).getAccessibleText().endsWith("selected: append · core_memory_append · line 170"),
                track(0).getAccessibleText());
        assertTrue(revealed.isEmpty());
        Event other = trace.events().get(0);
        robot.interact(() -> model.showEvent(other));
        assertEquals(0, model.selectedProperty().get().index(), "an event that made no operation changes nothing");
    }

    @Test
    void downPassesOverAMemoryNoCallChanges(FxRobot robot) {
        robot.interact(() -> view.requestFocus());
        robot.type(KeyCode.RIGHT);
        MemoryLanes.Mark first = model.selectedProperty().get();
        assertEquals(0, first.lane());
        robot.type(KeyCode.DOWN);
        assertEquals(first, model.selectedProperty().get(), "the persona lane below has no mark to go to");
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

    @Test
    void theTooltipOfTheMarkUnderThePointerIsMadeWhenThePointerComesOverIt(FxRobot robot) {
        LaneTrack track = track(0);
        assertNull(track.tooltip(), "no tooltip until the pointer comes over a mark");
        robot.moveTo(at(mark(0, 2)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("append (failed) · core_memory_append · line 444", track.tooltip().getText());
        assertEquals(track.tooltip(), track.getProperties().get("javafx.scene.control.Tooltip"), "installed on the lane");
        robot.moveTo(at(mark(0, 0)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("append · core_memory_append · line 170", track.tooltip().getText());
        Point2D between = at(mark(0, 0)).add((at(mark(0, 1)).getX() - at(mark(0, 0)).getX()) / 2, 0);
        robot.moveTo(between);
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(track.getProperties().get("javafx.scene.control.Tooltip"), "none between the marks");
    }

    /** The lanes draw their marks: thousands of operations make no node of their own, and a click still picks one. */
    @Test
    void thousandsOfMarksAreDrawnWithoutANodeEachAndAClickPicksTheOneOnTop(FxRobot robot) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("memory-ops", ".jsonl");
        try {
            dev.tracedeck.desktop.bench.MemoryViewBenchmark.write(file, 4_000);
            Trace many = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
            robot.interact(() -> show(many));
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(8, model.lanes().lanes().size());
            assertEquals(4_000, model.lanes().operations());
            int nodes = robot.from(view.chart()).lookup((Node n) -> true).queryAll().size();
            assertTrue(nodes < 400, nodes + " nodes for 4,000 marks");
            MemoryLanes.Mark wanted = mark(3, 250);
            robot.clickOn(at(wanted));
            MemoryLanes.Mark chosen = model.selectedProperty().get();
            assertEquals(3, chosen.lane());
            assertEquals(track(3).xOf(wanted), track(3).xOf(chosen), 6, "the mark drawn on top where the click was");
            robot.type(KeyCode.RIGHT);
            assertEquals(chosen.index() + 1, model.selectedProperty().get().index(), "the keys step through every mark");
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
    }

    @Test
    void aMem0MemoryNamedByItsValueIsCutAtItsEnd(FxRobot robot) throws Exception {
        Trace mem0 = read("sample-logs/mem0/user-preferences.json");
        robot.interact(() -> show(mem0));
        WaitForAsyncUtils.waitForFxEvents();
        Label name = robot.from(view).lookup(".memory-lane-name").queryAs(Label.class);
        assertTrue(name.getText().startsWith("Is vegetarian (cb404c20"), name.getText());
        String shown = ((javafx.scene.text.Text) name.lookup(".text")).getText();
        assertTrue(shown.startsWith("Is vegetarian (") && shown.endsWith(name.getEllipsisString())
                && shown.length() < name.getText().length(),
                "the value's start kept, the id cut: " + shown);
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
