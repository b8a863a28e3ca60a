package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.tabs.CenterView;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.importers.registry.Importers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The README's five-minute tour, key by key, on the bundled samples as {@code ./tracedeck BEFORE AFTER} opens them:
 * the "before" run on its first finding, F8 through the rest and Shift+F8 back, the State view (Ctrl+4) with the
 * blamed entry flagged, and File ▸ Compare (Ctrl+Shift+C, Enter) proposing the first tab as the run before the fix.
 * When a key, a default or a sample's findings change, this fails and the tour in README.md is to be written again.
 */
@ExtendWith(ApplicationExtension.class)
class TourTest {

    private static final Path SAMPLES = Path.of(System.getProperty("basedir", "."), "..", "sample-logs", "mycelian");
    private static final Path BEFORE = SAMPLES.resolve("before-prebuilt-react.log");
    private static final Path AFTER = SAMPLES.resolve("after-tool-only.log");

    private OpenFilesViewModel openFiles;

    @Start
    void start(Stage stage) {
        NoticesViewModel notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        new MainWindow(stage, openFiles).show();
    }

    @Test
    void theToursKeysDoWhatTheReadmeSays(FxRobot robot) {
        assertTrue(Files.isRegularFile(BEFORE) && Files.isRegularFile(AFTER), "the samples the tour opens: " + SAMPLES);
        robot.interact(() -> openFiles.open(List.of(BEFORE, AFTER)));
        assertEquals("before-prebuilt-react.log", openFiles.getSelected().name(), "the first file's tab is selected");
        TraceViewModel before = openFiles.selectedTrace().orElseThrow();
        assertEquals("duplicate-add-entry", selected(before).ruleId(), "opened on its first finding");

        List<String> walked = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            robot.type(KeyCode.F8);
            walked.add(selected(before).ruleId());
        }
        assertEquals(List.of("assistant-text-in-state", "missing-flush", "bootstrap-repeated", "bootstrap-repeated", "role-mismatch"),
                walked, "F8: the findings in log order, across threads");
        for (int i = 0; i < 4; i++) {
            robot.press(KeyCode.SHIFT, KeyCode.F8).release(KeyCode.F8, KeyCode.SHIFT);
        }
        assertEquals("assistant-text-in-state", selected(before).ruleId(), "Shift+F8: back to the second");

        robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        assertEquals(CenterView.STATE, before.centerViewProperty().get(), "Ctrl+4: the State view");
        List<String> flagged = robot.lookup(".shape-chip-flagged").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertTrue(flagged.stream().anyMatch(t -> t.contains("⚑ assistant-text-in-state")), "the blamed entry is flagged: " + flagged);
        int shown = before.shape().getFrame().index();
        robot.type(KeyCode.LEFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(shown - 1, before.shape().getFrame().index(), "← steps back a snapshot, the keys being in the State view");
        robot.type(KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(shown, before.shape().getFrame().index(), "→ steps forward again");

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.C).release(KeyCode.C, KeyCode.SHIFT, KeyCode.CONTROL);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        Window compare = waitForWindow("Tracedeck compare");
        assertEquals("before-prebuilt-react.log ↔ after-tool-only.log — Tracedeck compare", ((Stage) compare).getTitle(),
                "Compare proposes the first tab as the run before the fix");
        String summary = robot.from(compare.getScene().getRoot()).lookup(".compare-summary").queryAs(Label.class).getText();
        assertTrue(summary.startsWith("5 fixed, 17 passing, 7 not-applicable"), summary);
    }

    private static Finding selected(TraceViewModel trace) {
        return Optional.ofNullable(trace.findings().selectedFindingProperty().get()).orElseThrow();
    }

    private static Window waitForWindow(String titled) {
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window(titled).isPresent());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no window titled …" + titled, e);
        }
        return window(titled).orElseThrow();
    }

    private static Optional<Window> window(String titled) {
        return Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getTitle() != null && s.getTitle().contains(titled))
                .findFirst();
    }
}
