package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.css.PseudoClass;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.util.Callback;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The timeline alone, headless, as wide as it is in a 1280×720 window, over a big trace: 120,000 events
 * (six-digit numbers) on 240 threads whose memory ids are UUIDs, the first event flagged.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineViewTest {

    private static final int EVENTS = 120_000;
    private TimelineViewModel model;
    private Trace trace;
    /** Looked up from, not from every window: other tests' windows may still be open. */
    private TimelineView view;

    @Start
    void start(Stage stage) {
        trace = bigTrace();
        model = new TimelineViewModel(trace.events());
        Event last = trace.event(0);
        Finding finding = new Finding("missing-flush", Severity.ERROR, last.threadId(), OptionalInt.empty(), "not flushed", List.of(last));
        model.filter().setEvidence(EvidenceIndex.of(new Validation(trace.file(), trace.format(), "test", List.of(new ThreadChecklist(
                last.threadId(), List.of(new Check("missing-flush", "flushes", CheckStatus.FAIL, List.of(finding), "")))))));
        view = new TimelineView(model);
        Scene scene = new Scene(view, 680, 400);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(TimelineViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void theLargestSixDigitEventNumberFitsItsColumnAndAFlaggedRowNamesItsRule(FxRobot robot) {
        TableView<Event> table = robot.from(view).lookup("#timeline-table").queryTableView();
        TableCell<?, ?> first = cellOf(robot.from(view).lookup(".table-cell.seq-column").queryAll(), "0");
        Text widest = new Text(String.valueOf(EVENTS - 1));
        widest.setFont(first.getFont());
        double room = column(table, "#").getWidth() - first.snappedLeftInset() - first.snappedRightInset();

        assertTrue(widest.getLayoutBounds().getWidth() <= room, "never \"1…\": " + widest.getLayoutBounds().getWidth() + " in " + room);
        Label badge = robot.from(table).lookup(".rule-badge").queryAs(Label.class);
        assertEquals("missing-flush", badge.getText());
        assertTrue(badge.isVisible());
    }

    @Test
    void theSummaryGetsTheWidthTheOtherColumnsDoNotNeed(FxRobot robot) {
        TableView<Event> table = robot.from(view).lookup("#timeline-table").queryTableView();
        TableColumn<Event, ?> summary = column(table, "Summary");
        double others = table.getVisibleLeafColumns().stream().filter(c -> c != summary).mapToDouble(TableColumn::getWidth).sum();

        assertTrue(summary.getWidth() >= 220, "summary " + summary.getWidth() + " px of " + table.getWidth());
        assertTrue(others + summary.getWidth() >= table.getWidth() - 20, "the summary takes what is left");
        String label = model.table().threadLabel(trace.event(0));
        assertEquals(8 + ":s1".length(), label.length(), label);
    }

    @Test
    void narrowedToOneThreadTheThreadColumnGoesAndTheSummaryWidens(FxRobot robot) {
        TableView<Event> table = robot.from(view).lookup("#timeline-table").queryTableView();
        TableColumn<Event, ?> summary = column(table, "Summary");
        double before = summary.getWidth();

        robot.interact(() -> model.filter().showThread(Optional.of(trace.event(0).threadId())));
        WaitForAsyncUtils.waitForFxEvents();

        assertFalse(column(table, "Thread").isVisible());
        assertTrue(summary.getWidth() > before, before + " → " + summary.getWidth());
        robot.interact(() -> model.filter().showThread(Optional.empty()));
        assertTrue(column(table, "Thread").isVisible());
    }

    @Test
    void aFindingThatComesLaterMarksTheRowOnShowInPlace(FxRobot robot) {
        TableView<Event> table = robot.from(view).lookup("#timeline-table").queryTableView();
        AtomicInteger made = new AtomicInteger();
        robot.interact(() -> {
            Callback<TableView<Event>, TableRow<Event>> rows = table.getRowFactory();
            table.setRowFactory(t -> {
                made.incrementAndGet();
                return rows.call(t);
            });
        });
        WaitForAsyncUtils.waitForFxEvents();
        made.set(0);
        Event second = trace.event(1);
        assertFalse(row(robot, second).getPseudoClassStates().contains(PseudoClass.getPseudoClass("flag-warning")));

        Finding later = new Finding("repeated-tool-call", Severity.WARNING, second.threadId(), OptionalInt.empty(), "again",
                List.of(second));
        robot.interact(() -> model.filter().setEvidence(EvidenceIndex.of(new Validation(trace.file(), trace.format(), "test",
                List.of(new ThreadChecklist(second.threadId(), List.of(new Check("repeated-tool-call", "once",
                        CheckStatus.FAIL, List.of(later), ""))))))));
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(0, made.get(), "no row made anew");
        TableRow<Event> row = row(robot, second);
        assertTrue(row.getPseudoClassStates().contains(PseudoClass.getPseudoClass("flag-warning")));
        assertEquals(List.of("repeated-tool-call"), robot.from(row).lookup(".rule-badge").queryAllAs(Label.class).stream()
                .filter(Label::isVisible).map(Label::getText).toList());
        assertFalse(row(robot, trace.event(0)).getPseudoClassStates().contains(PseudoClass.getPseudoClass("flag-error")),
                "the first event is no longer evidence");
    }

    private TableRow<Event> row(FxRobot robot, Event event) {
        return robot.from(view).lookup(".table-row-cell").<TableRow<Event>>queryAll().stream()
                .filter(r -> r.getItem() == event && r.isVisible()).findFirst().orElseThrow();
    }

    private static TableColumn<Event, ?> column(TableView<Event> table, String title) {
        return table.getColumns().stream().filter(c -> c.getText().equals(title)).findFirst().orElseThrow();
    }

    private static TableCell<?, ?> cellOf(java.util.Set<javafx.scene.Node> cells, String text) {
        return cells.stream().map(c -> (TableCell<?, ?>) c).filter(c -> text.equals(c.getText())).findFirst().orElseThrow();
    }

    /** What the cell draws, after any ellipsis. */
    private static String renderedText(TableCell<?, ?> cell) {
        return cell.lookupAll(".text").stream().filter(Text.class::isInstance).map(n -> ((Text) n).getText())
                .findFirst().orElse("");
    }

    private static Trace bigTrace() {
        Random random = new Random(6);
        List<String> memories = java.util.stream.IntStream.range(0, 80)
                .mapToObj(i -> new UUID(random.nextLong(), random.nextLong()).toString()).toList();
        TraceBuilder b = new TraceBuilder();
        for (int i = 0; i < EVENTS; i++) {
            String thread = memories.get(i % memories.size()) + ":s" + (1 + (i / memories.size()) % 3);
            b.add("X", "", thread, SourceRef.line("big.log", i + 1), "line " + i, new Payload.Unparsed(false, "line " + i));
        }
        return b.build(new ImportReport("big.log", "test", 0, EVENTS, EVENTS, EVENTS, 0, Map.of(), List.of(), 0, true));
    }

}
