package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.settings.MemorySettingsStore;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.PaneLayout;
import dev.tracedeck.importers.registry.Importers;
import java.util.Optional;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuBar;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The window starts as it was left: a light theme, a hidden findings panel and moved dividers come back. */
@ExtendWith(ApplicationExtension.class)
class MainWindowSettingsTest {

    private final MemorySettingsStore store = new MemorySettingsStore();
    private OpenFilesViewModel openFiles;
    private MainWindow window;

    @Start
    void start(Stage stage) {
        new WindowSettings(Theme.LIGHT, Optional.empty(), false, new PaneLayout(0.2, 0.45, 0.7), false).save(store);
        NoticesViewModel notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        window = new MainWindow(stage, openFiles, store);
        window.show();
    }

    @Test
    void startsWithTheRememberedThemeAndLayout(FxRobot robot) {
        assertTrue(window.scene().getStylesheets().get(0).endsWith("tokens-light.css"), window.scene().getStylesheets().toString());
        assertFalse(darkThemeItem(robot).isSelected());
        assertFalse(openFiles.findingsShownProperty().get());
        assertEquals(new PaneLayout(0.2, 0.45, 0.7), openFiles.getPaneLayout());
    }

    @Test
    void savesTheThemeTheUserPickedAndTheCurrentLayout(FxRobot robot) {
        robot.interact(() -> {
            // As a click does: the tick flips, then the item acts.
            darkThemeItem(robot).setSelected(true);
            darkThemeItem(robot).fire();
            openFiles.showFindings(true);
            openFiles.setPaneLayout(new PaneLayout(0.15, 0.5, 0.6));
        });
        assertTrue(window.scene().getStylesheets().get(0).endsWith("tokens-dark.css"));

        robot.interact(window::saveSettings);

        WindowSettings saved = WindowSettings.load(store);
        assertEquals(Theme.DARK, saved.theme());
        assertTrue(saved.findingsShown());
        assertEquals(new PaneLayout(0.15, 0.5, 0.6), saved.panes());
        assertTrue(saved.bounds().isPresent(), "where the window was");
    }

    private static CheckMenuItem darkThemeItem(FxRobot robot) {
        MenuBar bar = robot.lookup("#main-menu").queryAs(MenuBar.class);
        return (CheckMenuItem) bar.getMenus().stream().flatMap(m -> m.getItems().stream())
                .filter(i -> "Dark theme".equals(i.getText())).findFirst().orElseThrow();
    }

    @Test
    void aMaximizedWindowRemembersTheSizeItHadBefore(FxRobot robot) {
        robot.interact(() -> {
            window.stage().setX(30);
            window.stage().setY(40);
            window.stage().setWidth(900);
            window.stage().setHeight(600);
        });
        robot.interact(() -> window.stage().setMaximized(true));

        robot.interact(window::saveSettings);

        WindowSettings saved = WindowSettings.load(store);
        assertTrue(saved.maximized());
        assertEquals(Optional.of(new WindowSettings.Bounds(30, 40, 900, 600)), saved.bounds());
    }
}
