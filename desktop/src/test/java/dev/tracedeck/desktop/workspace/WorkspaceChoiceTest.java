package dev.tracedeck.desktop.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.desktop.common.ManualTaskRunner;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.desktop.settings.MemorySettingsStore;
import dev.tracedeck.workspace.WorkspaceAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File ▸ Workspace…'s view-model, its opening driven by hand: busy while it opens, a failure said in one line. */
class WorkspaceChoiceTest {

    @TempDir
    Path dir;

    private final ManualTaskRunner runner = new ManualTaskRunner();
    private final MemorySettingsStore settings = new MemorySettingsStore();
    private WorkspaceLink link;
    private WorkspaceChoice choice;

    @BeforeEach
    void start() {
        link = new WorkspaceLink(dir.resolve("first.db"), Clock.systemUTC(), runner, new NoticesViewModel());
        choice = new WorkspaceChoice(link, settings);
    }

    @AfterEach
    void close() {
        link.close();
    }

    @Test
    void isBusyWhileTheWorkspaceOpensThenSwitchesToItAndRemembersIt() {
        Path second = dir.resolve("second.db");
        assertEquals(dir.resolve("first.db").toString(), choice.locationProperty().get(), "starts at the window's workspace");
        AtomicInteger opened = new AtomicInteger();
        choice.locationProperty().set("  " + second + " ");
        choice.open(opened::incrementAndGet);
        assertTrue(choice.busyProperty().get());
        choice.open(opened::incrementAndGet);
        assertEquals(1, runner.pendingCount(), "a second Open while the first tries does nothing");
        assertEquals(WorkspaceAddress.file(dir.resolve("first.db")), link.address(), "the old one until the new one is open");

        runner.runNext();

        assertFalse(choice.busyProperty().get());
        assertEquals(1, opened.get());
        assertEquals(WorkspaceAddress.file(second), link.address());
        assertEquals(1, link.switchesProperty().get());
        assertEquals("" + second, choice.currentProperty().get());
        assertEquals(Optional.of(second.toString()), settings.get(WorkspaceChoice.SETTING));
        assertEquals(Optional.of(WorkspaceAddress.file(second)), WorkspaceChoice.remembered(settings));
        assertTrue(Files.exists(second), "an absent file becomes a workspace, as on the command line");
    }

    @Test
    void aFileThatIsNotAWorkspaceIsOneLineAndTheWindowStaysWhereItWas() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "not a database, just words\n".repeat(100));
        choice.locationProperty().set(text.toString());
        choice.open(() -> { });
        runner.runNext();
        assertFalse(choice.busyProperty().get());
        assertTrue(choice.errorProperty().get().startsWith(text + ": not a Tracedeck workspace"), choice.errorProperty().get());
        assertFalse(choice.errorProperty().get().contains("\n"));
        assertEquals(WorkspaceAddress.file(dir.resolve("first.db")), link.address());
        assertEquals(0, link.switchesProperty().get());
        assertEquals(Optional.empty(), settings.get(WorkspaceChoice.SETTING), "nothing remembered");
        choice.locationProperty().set(text + "x");
        assertEquals("", choice.errorProperty().get(), "the error goes once the text changes");
    }

    @Test
    void aUrlWithAPasswordIsRefusedAtOnceWithoutRepeatingIt() {
        choice.locationProperty().set("postgresql://alice:hunter2@db.example/traces");
        choice.open(() -> { });
        assertEquals(0, runner.pendingCount(), "nothing is tried");
        assertFalse(choice.errorProperty().get().contains("hunter2"), choice.errorProperty().get());
        assertEquals("postgresql://alice:***@db.example/traces: a workspace URL must not carry a password; put it in "
                + "PGPASSWORD, ~/.pgpass (or PGPASSFILE) or a service file", choice.errorProperty().get());
    }
}
