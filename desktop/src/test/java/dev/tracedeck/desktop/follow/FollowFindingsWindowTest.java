package dev.tracedeck.desktop.follow;

import static dev.tracedeck.desktop.follow.LiveWindow.text;
import static dev.tracedeck.desktop.follow.LiveWindow.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.ClaudeCodeLines;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.desktop.window.MainWindow;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The findings of a followed Claude Code session as it is written, in the window: a finding that appears is shown once
 * and counted once, as {@code tracedeck watch} prints it once; one that stops holding leaves the findings panel and is
 * counted and told as resolved; a call whose tool is still running is no news. Readings run on the FX thread.
 */
@ExtendWith(ApplicationExtension.class)
class FollowFindingsWindowTest {

    private static final String ORPHANED = "orphaned-tool-call";

    @TempDir
    Path dir;

    private OpenFilesViewModel openFiles;
    private MainWindow window;
    private final ClaudeCodeLines claude = new ClaudeCodeLines();
    private Path session;

    @Start
    void start(Stage stage) {
        NoticesViewModel notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        window = new MainWindow(stage, openFiles);
        window.show();
    }

    @Test
    void aFindingThatAppearsIsShownOnceAndCountedOnce(FxRobot robot) throws Exception {
        session = dir.resolve("session.jsonl");
        append(claude.prompt("refund order 7"));
        robot.interact(() -> openFiles.open(List.of(session)));
        TraceViewModel trace = openFiles.selectedTrace().orElseThrow();
        robot.type(KeyCode.F9);
        until("following", () -> text(robot, "#status-live").equals("Following · 0 new events"));

        append(claude.call("msg_01A", "toolu_01A"));
        shown(robot, "the call");
        assertEquals("Following · 1 new event", text(robot, "#status-live"), "a tool still running is no news");

        append(claude.answer("msg_01B", "Refunded."));
        shown(robot, "the answer after the call");
        assertEquals("Following · 2 new events · 1 new finding", text(robot, "#status-live"));
        append(claude.prompt("and order 8"));
        shown(robot, "the next prompt");
        assertEquals("Following · 3 new events · 1 new finding", text(robot, "#status-live"), "counted once");

        assertSame(trace, openFiles.selectedTrace().orElseThrow(), "the tab took the new events in place");
        assertEquals(1, trace.findings().findingsInScope().stream().filter(f -> f.ruleId().equals(ORPHANED)).count(),
                "shown once: " + trace.findings().findingsInScope());
        List<String> told = told();
        assertEquals(1, told.stream().filter(l -> l.contains(ORPHANED)).count(), told.toString());
        assertTrue(told.stream().anyMatch(l -> l.startsWith("error   " + ORPHANED + "  thread s1  [msg_idx 1] ")), told.toString());
    }

    @Test
    void aFindingThatStopsHoldingLeavesThePanelAndIsToldResolved(FxRobot robot) throws Exception {
        session = dir.resolve("session.jsonl");
        append(claude.prompt("refund order 7") + claude.call("msg_01A", "toolu_01A") + claude.answer("msg_01B", "Refunded."));
        robot.interact(() -> openFiles.open(List.of(session)));
        TraceViewModel trace = openFiles.selectedTrace().orElseThrow();
        assertTrue(ruleIds(trace).contains(ORPHANED), ruleIds(trace).toString());
        robot.type(KeyCode.F9);
        until("following", () -> text(robot, "#status-live").equals("Following · 0 new events"));

        // The result comes late, after the answer: the call is no longer orphaned.
        append(claude.result("toolu_01A"));
        until("the finding gone", () -> !ruleIds(trace).contains(ORPHANED));

        assertSame(trace, openFiles.selectedTrace().orElseThrow());
        // The result out of order is a finding of its own, as watch prints it.
        assertEquals("Following · 1 new event · 1 new finding · 1 resolved", text(robot, "#status-live"));
        List<String> told = told();
        assertEquals(2, told.size(), told.toString());
        assertTrue(told.get(0).startsWith("resolved " + ORPHANED + "  thread s1  [msg_idx 1] "), told.get(0));
        assertTrue(told.get(0).endsWith("(" + session + ": line 2)"), told.get(0));
        assertTrue(told.get(1).startsWith("error   role-order  thread s1  [msg_idx 3] "), told.get(1));
    }

    private List<String> told() {
        String tip = window.live().selectedToldProperty().get();
        return tip.lines().skip(2).toList();
    }

    private static List<String> ruleIds(TraceViewModel trace) {
        return trace.findings().findingsInScope().stream().map(f -> f.ruleId()).toList();
    }

    /** Waits until the tab shows every event the session holds now. */
    private void shown(FxRobot robot, String what) throws Exception {
        int events = Importers.standard().read(ImportSource.of(session), ImportListener.NONE).events().size();
        until(what, () -> text(robot, "#status-text").contains("— " + events + " event"));
    }

    private void append(String lines) throws Exception {
        Files.writeString(session, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
