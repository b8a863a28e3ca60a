package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.settings.MemorySettingsStore;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.ToolVersion;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Help: F1 lists every key the menus and views answer to; About says which build this is. */
@ExtendWith(ApplicationExtension.class)
class HelpMenuTest {

    private MenuBar bar;

    @Start
    void start(Stage stage) {
        NoticesViewModel notices = new NoticesViewModel();
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        MainWindow window = new MainWindow(stage, openFiles, new MemorySettingsStore());
        window.show();
        bar = (MenuBar) stage.getScene().lookup("#main-menu");
    }

    @Test
    void theKeyReferenceListsEveryMenuAcceleratorAndTheViewsKeys(FxRobot robot) {
        List<String[]> keys = HelpMenu.shortcuts(bar);
        long accelerators = bar.getMenus().stream().flatMap(m -> m.getItems().stream()).filter(i -> i.getAccelerator() != null).count();
        assertTrue(keys.size() >= accelerators + HelpMenu.VIEW_KEYS.size(), keys.size() + " rows");
        assertTrue(keys.stream().anyMatch(k -> k[0].equals("View") && k[2].equals("Next finding")), "F8 is listed under View");
        assertTrue(keys.stream().anyMatch(k -> k[0].equals("State view") && k[1].contains("←")));

        robot.type(KeyCode.F1);
        WaitForAsyncUtils.waitForFxEvents();

        List<String> shown = robot.lookup("#key-reference .label").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertTrue(shown.contains("Next finding") && shown.contains("Keyboard shortcuts") && shown.contains("State view"), shown.toString());
    }

    @Test
    void aboutNamesTheBuildsVersion(FxRobot robot) {
        robot.interact(() -> bar.getMenus().get(bar.getMenus().size() - 1).getItems().stream()
                .filter(i -> "menu-about".equals(i.getId())).findFirst().orElseThrow().fire());
        WaitForAsyncUtils.waitForFxEvents();

        String name = robot.lookup(".about-name").queryAs(Label.class).getText();
        assertEquals("Tracedeck " + ToolVersion.get(), name);
        assertTrue(ToolVersion.get().matches("\\d+\\.\\d+\\.\\d+.*"), ToolVersion.get());
    }
}
