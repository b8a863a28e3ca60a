package dev.tracedeck.desktop.follow;

import static dev.tracedeck.desktop.follow.LiveWindow.text;
import static dev.tracedeck.desktop.follow.LiveWindow.until;
import static dev.tracedeck.desktop.follow.LiveWindow.visibleRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.desktop.window.MainWindow;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * View ▸ Follow (F9) in the window, headless: a log written in steps is read on as it grows and its new events come
 * into the tab in place (the same view-model, the rows shown before kept), the window keeping the thread and event the
 * user chose, the timeline at its end staying at its end, each new finding shown once, and the status bar counting
 * what arrived. The readings run on the FX thread ({@link SyncTaskRunner}); the looks at the file come every 300 ms,
 * so each step waits for its reading to show.
 */
@ExtendWith(ApplicationExtension.class)
class FollowWindowTest {

    /** 217 events, 3 threads and 6 errors once whole. */
    private static final int EVENTS = 217;

    @TempDir
    Path dir;

    private OpenFilesViewModel openFiles;
    private NoticesViewModel notices;
    private MainWindow window;
    private List<String> lines;
    private Path log;

    @Start
    void start(Stage stage) {
        notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        window = new MainWindow(stage, openFiles);
        window.show();
    }

    @BeforeEach
    void log() throws IOException {
        lines = Files.readAllLines(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir), StandardCharsets.UTF_8);
        log = dir.resolve("run.log");
    }

    @Test
    void f9FollowsTheFileAsItGrowsKeepingTheThreadAndEventTheUserChose(FxRobot robot) throws IOException {
        write(0, recordStartAfter(120));
        robot.interact(() -> openFiles.open(List.of(log)));
        TraceViewModel first = openFiles.selectedTrace().orElseThrow();
        int before = first.loaded().trace().events().size();
        ThreadSummary s1 = first.threads().threads().stream().filter(t -> t.label().endsWith(":s1")).findFirst().orElseThrow();
        robot.interact(() -> first.threads().select(s1));
        Event chosen = first.timeline().table().rows().stream().filter(e -> e.kind() == EventKind.LLM_CALL).skip(2).findFirst().orElseThrow();
        robot.interact(() -> first.timeline().selection().select(chosen));

        robot.type(KeyCode.F9);
        assertTrue(followItem(robot).isSelected());
        until("following", () -> text(robot, "#status-live").startsWith("Following"));
        List<Event> detailShown = new ArrayList<>();
        robot.interact(() -> first.detail().shownEventProperty().addListener((obs, old, now) -> detailShown.add(now)));
        write(recordStartAfter(120), lines.size());

        until("the whole file shown", () -> text(robot, "#status-text").contains(EVENTS + " events"));
        TraceViewModel now = openFiles.selectedTrace().orElseThrow();
        assertSame(first, now, "the tab takes the new events in place");
        assertEquals(s1.threadId(), now.threads().selectedThreadId(), "the thread the user chose");
        Event selected = now.timeline().selection().getSelectedEvent();
        assertNotNull(selected);
        assertEquals(chosen.seq(), selected.seq(), "the event the user chose");
        assertEquals(chosen.source(), selected.source());
        TableView<Event> table = robot.lookup("#timeline-table").queryTableView();
        assertSame(selected, table.getSelectionModel().getSelectedItem());
        assertTrue(now.detail().getDocument().text().contains("#" + chosen.seq()), "the detail still shows it");
        assertFalse(detailShown.contains(null), "the detail never went blank: " + detailShown);
        assertTrue(table.getItems().stream().allMatch(e -> e.threadId().equals(s1.threadId().orElseThrow())), "s1's rows only");
        assertEquals("6 errors · 0 warnings · 3 threads checked", text(robot, "#status-findings"), "the findings of the whole file");
        assertEquals("Following · " + (EVENTS - before) + " new events · 4 new findings", text(robot, "#status-live"),
                "the whole file's 6 errors, 2 of them there when following began");

        robot.type(KeyCode.F9);
        assertFalse(followItem(robot).isSelected());
        assertFalse(robot.lookup("#status-live").query().isVisible(), "no longer following");
    }

    @Test
    void theFindingSelectedInAThreadThatNoLongerChangesStaysSelectedWithItsEvidenceInTheNewReading(FxRobot robot)
            throws IOException {
        // The first session whole: what follows is the second's, so the first's checks are kept, not made again.
        int secondSession = recordStartAfter(firstLineWith(":s2") + 5);
        write(0, secondSession);
        robot.interact(() -> openFiles.open(List.of(log)));
        Finding opened = openFiles.selectedTrace().orElseThrow().findings().getSelectedFinding();
        assertNotNull(opened, "a file opens on its first finding");
        assertTrue(opened.threadId().endsWith(":s1"), opened.threadId());

        robot.type(KeyCode.F9);
        write(secondSession, lines.size());

        until("the whole file shown", () -> text(robot, "#status-text").contains(EVENTS + " events"));
        TraceViewModel now = openFiles.selectedTrace().orElseThrow();
        Finding selected = now.findings().getSelectedFinding();
        assertNotNull(selected, "still selected");
        assertEquals(opened.message(), selected.message());
        assertTrue(text(robot, ".findings-position").startsWith("1 of "), text(robot, ".findings-position"));
        List<Event> events = now.loaded().trace().events();
        assertTrue(now.findings().findingsInScope().stream().flatMap(f -> f.evidence().stream())
                .allMatch(e -> events.get(e.seq()) == e), "every finding's evidence is an event of the trace shown");
        assertSame(selected.evidence().get(0), now.timeline().selection().getSelectedEvent());
    }

    @Test
    void aTimelineAtItsEndStaysAtItsEndAndOneScrolledUpKeepsItsTopRow(FxRobot robot) throws IOException {
        int head = recordStartAfter(8);
        write(0, head);
        robot.interact(() -> openFiles.open(List.of(log)));
        TableView<Event> table = robot.lookup("#timeline-table").queryTableView();
        assertTrue(visibleRows(robot).size() == table.getItems().size(), "every row on screen: the table is at its end");
        robot.type(KeyCode.F9);

        int middle = recordStartAfter(400);
        write(head, middle);
        int events = eventsIn(middle);
        until("the second step shown", () -> openFiles.selectedTrace().orElseThrow().loaded().trace().events().size() == events);
        WaitForAsyncUtils.waitForFxEvents();
        List<Event> rows = table().getItems();
        assertSame(rows.get(rows.size() - 1), last(visibleRows(robot)).getItem(), () -> "the newest row at the bottom; rows "
                + rows.size() + ", on screen " + visibleRows(robot).stream().map(r -> r.getIndex()).toList() + ", table "
                + table().getHeight() + " high, window " + table().getScene().getWindow().getHeight());

        robot.interact(() -> table().scrollTo(3));
        Event top = visibleRows(robot).get(0).getItem();
        write(middle, lines.size());
        until("the whole file shown", () -> text(robot, "#status-text").contains(EVENTS + " events"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(top.seq(), visibleRows(robot).get(0).getItem().seq(), "the row at the top stays at the top");
        assertFalse(visibleRows(robot).stream().anyMatch(r -> r.getIndex() == table().getItems().size() - 1));
    }

    @Test
    void followingBeginsAtTheNewestEventsAndKeepsWhatIsSelected(FxRobot robot) throws IOException {
        write(0, recordStartAfter(400));
        robot.interact(() -> openFiles.open(List.of(log)));
        TableView<Event> table = table();
        Event selected = openFiles.selectedTrace().orElseThrow().timeline().selection().getSelectedEvent();
        int last = table.getItems().size() - 1;
        assertFalse(visibleRows(robot).stream().anyMatch(r -> r.getIndex() == last), "the file opens on its first finding");

        robot.type(KeyCode.F9);
        WaitForAsyncUtils.waitForFxEvents();

        until("the newest rows on screen", () -> visibleRows(robot).stream().anyMatch(r -> r.getIndex() == table.getItems().size() - 1));
        // Turning Follow on reads the file from its start: the same event, read again.
        Event now = openFiles.selectedTrace().orElseThrow().timeline().selection().getSelectedEvent();
        assertEquals(selected.source(), now.source(), "the selection left as it was");
        assertSame(now, table.getSelectionModel().getSelectedItem());
    }

    @Test
    void aTruncatedFileIsReadAgainFromItsStartAndANoticeSaysSo(FxRobot robot) throws IOException {
        write(0, lines.size());
        robot.interact(() -> openFiles.open(List.of(log)));
        robot.type(KeyCode.F9);
        until("following", () -> text(robot, "#status-live").equals("Following · 0 new events"));

        Files.write(log, String.join("\n", lines.subList(0, recordStartAfter(120))).concat("\n").getBytes(StandardCharsets.UTF_8),
                StandardOpenOption.TRUNCATE_EXISTING);

        until("the shorter file shown", () -> !text(robot, "#status-text").contains(EVENTS + " events"));
        assertTrue(notices.notices().stream().map(Notice::text).anyMatch(t -> t.equals("run.log was truncated: read again from its start")),
                notices.notices().toString());
        int shown = openFiles.selectedTrace().orElseThrow().loaded().trace().events().size();
        assertEquals("Following · " + shown + " new events · 2 new findings", text(robot, "#status-live"),
                "all of it is new, its findings too");
        assertTrue(text(robot, "#status-text").startsWith("run.log — " + shown + " events"), text(robot, "#status-text"));
    }

    @Test
    void aStateDumpStillBeingWrittenWaitsForItsEndAndOneLeftCutShortIsShownAsItIs(FxRobot robot) throws IOException {
        int start = recordStartAfter(120);
        write(0, start);
        robot.interact(() -> openFiles.open(List.of(log)));
        int before = openFiles.selectedTrace().orElseThrow().loaded().trace().events().size();
        robot.type(KeyCode.F9);
        until("following", () -> text(robot, "#status-live").equals("Following · 0 new events"));

        int dump = dumpAfter(start);
        int looks = window.live().looks(openFiles.getSelected());
        write(start, dump + 2);  // the dump's first line and one of its messages: it announces more
        until("two looks at the file", () -> window.live().looks(openFiles.getSelected()) >= looks + 2);
        assertEquals(before, openFiles.selectedTrace().orElseThrow().loaded().trace().events().size(), "the reading waits");
        assertFalse(ruleIds().contains("unparsed-records"), ruleIds().toString());

        int end = recordStartAfter(dump + 1);
        write(dump + 2, end);
        until("the dump shown whole", () -> openFiles.selectedTrace().orElseThrow().loaded().trace().events().size() > before);
        assertFalse(ruleIds().contains("unparsed-records"), "no finding about a record that was being written: " + ruleIds());

        // A writer that stopped in the middle of a dump: once the file stays so, it is what the file holds.
        int next = dumpAfter(end);
        write(end, next + 2);
        until("the dump cut short shown", () -> ruleIds().contains("unparsed-records"));
    }

    @Test
    void eachStepsEventsComeInAtTheEndOfTheSameRowsAndAnEarlierReadingIsLetGo(FxRobot robot) throws IOException {
        write(0, recordStartAfter(60));
        robot.interact(() -> openFiles.open(List.of(log)));
        TraceViewModel trace = openFiles.selectedTrace().orElseThrow();
        TableView<Event> table = table();
        robot.type(KeyCode.F9);
        until("following", () -> text(robot, "#status-live").equals("Following · 0 new events"));
        WeakReference<Object> opened = new WeakReference<>(trace.loaded().trace());
        int from = recordStartAfter(60);
        for (int upTo : new int[] {recordStartAfter(200), recordStartAfter(400), lines.size()}) {
            List<Event> before = List.copyOf(table.getItems());
            write(from, upTo);
            int events = eventsIn(upTo);
            until(upTo + " lines shown", () -> trace.loaded().trace().events().size() == events);
            WaitForAsyncUtils.waitForFxEvents();

            assertSame(trace, openFiles.selectedTrace().orElseThrow(), "the same view-model");
            assertSame(table, table(), "the same table");
            List<Event> after = table.getItems();
            List<Event> shown = after.stream().flatMap(e -> trace.timeline().table().step(e).stream()).toList();
            // A row shows an LLM call with its answer, which may come after other threads' events.
            List<Integer> seqs = shown.stream().map(Event::seq).sorted().toList();
            assertEquals(IntStream.range(0, events).boxed().toList(), seqs, "every event once");
            assertTrue(shown.stream().allMatch(e -> e == trace.loaded().trace().event(e.seq())), "the events of the trace shown");
            // The last record read is held open (it may go on over the next lines): it, and a call whose answer came
            // with the new lines, come anew; every row before them is the very row shown before.
            int kept = 0;
            while (kept < before.size() && before.get(kept) == after.get(kept)) {
                kept++;
            }
            for (int i = kept; i < before.size(); i++) {
                assertEquals(before.get(i).source(), after.get(i).source(), "row " + i + " is from the same place");
            }
            assertTrue(kept >= before.size() - 2, "rows kept: " + kept + " of " + before.size());
            from = upTo;
        }
        // TestFX keeps every event fired in its stage, and so their targets; registering the stage again forgets them.
        FxToolkit.toolkitContext().setRegisteredStage(FxToolkit.toolkitContext().getRegisteredStage());
        for (int i = 0; i < 20 && opened.get() != null; i++) {
            System.gc();
            robot.sleep(50);
        }
        assertNull(opened.get(), "the trace first shown is garbage once the file was read further");
    }

    @Test
    void aLineStillBeingWrittenWaitsForItsEnd(FxRobot robot) throws IOException {
        int head = recordStartAfter(60);
        write(0, head);
        robot.interact(() -> openFiles.open(List.of(log)));
        TraceViewModel trace = openFiles.selectedTrace().orElseThrow();
        robot.type(KeyCode.F9);
        until("following", () -> text(robot, "#status-live").equals("Following · 0 new events"));
        int next = recordStartAfter(head + 1);
        write(head, next);
        int events = eventsIn(next);
        until("the next record shown", () -> trace.loaded().trace().events().size() == events);

        String line = lines.get(next);
        int looks = window.live().looks(openFiles.getSelected());
        Files.writeString(log, line.substring(0, line.length() / 2), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        until("two looks at the file", () -> window.live().looks(openFiles.getSelected()) >= looks + 2);
        assertEquals(events, trace.loaded().trace().events().size(), "half a line is not read");

        Files.writeString(log, line.substring(line.length() / 2) + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        int whole = eventsIn(next + 1);
        until("the line shown once whole", () -> trace.loaded().trace().events().size() == whole);
        Event last = trace.loaded().trace().events().get(whole - 1);
        assertTrue(last.text().startsWith(line), last.text());
    }

    private TableView<Event> table() {
        return new FxRobot().lookup("#timeline-table").queryTableView();
    }

    private static CheckMenuItem followItem(FxRobot robot) {
        return (CheckMenuItem) robot.lookup("#main-menu").queryAs(MenuBar.class).getMenus().stream()
                .flatMap(m -> m.getItems().stream()).filter(i -> "menu-follow".equals(i.getId())).findFirst().orElseThrow();
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }

    /** Appends lines {@code from} (counted from 0) to {@code to} of the sample to the followed log. */
    private void write(int from, int to) throws IOException {
        Files.write(log, String.join("\n", lines.subList(from, to)).concat("\n").getBytes(StandardCharsets.UTF_8),
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The first line at or after {@code line} that starts a record (a log line that is not part of a state dump). */
    private int recordStartAfter(int line) {
        for (int i = line; i < lines.size(); i++) {
            if (lines.get(i).startsWith("20") && !lines.get(i).contains("STATE_MSG")) {
                return i;
            }
        }
        return lines.size();
    }

    private int firstLineWith(String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        throw new IllegalStateException("no line with " + text);
    }

    /** The first state dump (its summary line, followed by a line per message) at or after {@code line}. */
    private int dumpAfter(int line) {
        for (int i = line; i < lines.size(); i++) {
            if (lines.get(i).contains("] STATE thread_id=")) {
                return i;
            }
        }
        throw new IllegalStateException("no state dump after line " + line);
    }

    private List<String> ruleIds() {
        return openFiles.selectedTrace().orElseThrow().findings().findingsInScope().stream().map(f -> f.ruleId()).toList();
    }

    /** Events the first {@code upTo} lines hold, as the importer counts them. */
    private int eventsIn(int upTo) throws IOException {
        Path part = dir.resolve("part-" + upTo + ".log");
        Files.write(part, String.join("\n", lines.subList(0, upTo)).concat("\n").getBytes(StandardCharsets.UTF_8));
        try {
            return Importers.standard().read(dev.tracedeck.importers.ImportSource.of(part),
                    dev.tracedeck.importers.ImportListener.NONE).events().size();
        } catch (dev.tracedeck.importers.ImportException e) {
            throw new IOException(e);
        }
    }
}
