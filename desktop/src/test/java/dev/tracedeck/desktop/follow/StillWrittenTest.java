package dev.tracedeck.desktop.follow;

import static dev.tracedeck.desktop.follow.LiveWindow.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.ManualTaskRunner;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.ClaudeCodeLines;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import dev.tracedeck.importers.registry.Importers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A file still being written when it is opened is followed without asking, with a notice saying so: one that changed
 * while it was read at once, one modified a moment before once it changes again; one written a while ago is not.
 */
@ExtendWith(ApplicationExtension.class)
class StillWrittenTest {

    @TempDir
    Path dir;

    private final NoticesViewModel notices = new NoticesViewModel();
    private final ClaudeCodeLines claude = new ClaudeCodeLines();

    @Start
    void start(Stage stage) {
    }

    @Test
    void aFileThatChangedWhileItWasReadIsFollowedOnceRead(FxRobot robot) throws Exception {
        ManualTaskRunner imports = new ManualTaskRunner();
        OpenFilesViewModel openFiles = openFiles(imports);
        LiveDocuments live = WaitForAsyncUtils.asyncFx(() -> new LiveDocuments(openFiles)).get();
        Path session = write("session.jsonl", claude.prompt("refund order 7"));
        robot.interact(() -> openFiles.open(List.of(session)));
        TraceDocument document = openFiles.getSelected();

        Files.writeString(session, claude.call("msg_01A", "toolu_01A"), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        robot.interact(imports::runNext);

        assertTrue(document.isReady());
        assertTrue(live.isFollowed(document));
        assertEquals(List.of("Following session.jsonl: it is still being written (View ▸ Follow, F9, stops)"),
                notices.notices().stream().map(Notice::text).toList());
    }

    @Test
    void aFileModifiedAMomentAgoIsFollowedOnceItChangesAgain(FxRobot robot) throws Exception {
        OpenFilesViewModel openFiles = openFiles(new SyncTaskRunner());
        LiveDocuments live = WaitForAsyncUtils.asyncFx(() -> new LiveDocuments(openFiles)).get();
        Path session = write("session.jsonl", claude.prompt("refund order 7"));
        robot.interact(() -> openFiles.open(List.of(session)));
        TraceDocument document = openFiles.getSelected();
        assertFalse(live.isFollowed(document), "unchanged while it was read: perhaps only just copied");

        Files.writeString(session, claude.call("msg_01A", "toolu_01A"), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        until("followed", () -> live.isFollowed(document));
    }

    @Test
    void aFileIsFollowedWhenItChangedWhileReadWatchedWhenJustModifiedAndLeftWhenWrittenAWhileAgo() {
        StillWritten.Stamp opened = new StillWritten.Stamp(100, FileTime.fromMillis(1_000_000));
        long now = 1_000_000 + StillWritten.RECENT * 1000;

        assertEquals(StillWritten.Verdict.FOLLOW, StillWritten.verdict(opened, new StillWritten.Stamp(120, opened.modified()), now));
        assertEquals(StillWritten.Verdict.FOLLOW, StillWritten.verdict(opened,
                new StillWritten.Stamp(100, FileTime.fromMillis(1_000_500)), now), "rewritten to the same length");
        assertEquals(StillWritten.Verdict.WATCH, StillWritten.verdict(opened, opened, now));
        assertEquals(StillWritten.Verdict.LEAVE, StillWritten.verdict(opened, opened, now + 1));
    }

    private OpenFilesViewModel openFiles(dev.tracedeck.desktop.common.TaskRunner imports) {
        return new OpenFilesViewModel(Importers.standard(), imports, new SyncTaskRunner(), new Validator(RuleConfig.DEFAULT),
                notices, new ErrorBoundary(notices, Runnable::run));
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
