package dev.tracedeck.app.desktop;

import dev.tracedeck.app.workspace.WorkspaceViewModel;
import java.util.function.Consumer;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;

/** The menu bar; its accelerators are the window's keyboard shortcuts. */
final class MainMenu {

    /** What the menu can ask the window to do beyond the workspace's own commands. */
    record Actions(Runnable openDialog, Runnable focusSearch, Runnable quit, Consumer<Theme> theme) {
    }

    private MainMenu() {
    }

    static MenuBar create(WorkspaceViewModel workspace, Actions actions, Theme initial) {
        MenuItem open = item("Open…", "Shortcut+O", actions.openDialog());
        MenuItem close = item("Close file", "Shortcut+W", workspace::closeSelected);
        close.disableProperty().bind(workspace.selectedProperty().isNull());
        MenuItem quit = item("Quit", "Shortcut+Q", actions.quit());
        Menu file = new Menu("File", null, open, close, new SeparatorMenuItem(), quit);

        MenuItem find = item("Find in timeline", "Shortcut+F", actions.focusSearch());
        find.disableProperty().bind(workspace.selectedProperty().isNull());
        CheckMenuItem dark = new CheckMenuItem("Dark theme");
        dark.setSelected(initial == Theme.DARK);
        dark.setOnAction(e -> actions.theme().accept(dark.isSelected() ? Theme.DARK : Theme.LIGHT));
        Menu view = new Menu("View", null, find, new SeparatorMenuItem(), dark);

        MenuBar bar = new MenuBar(file, view);
        bar.setId("main-menu");
        return bar;
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setAccelerator(KeyCombination.keyCombination(accelerator));
        item.setOnAction(e -> action.run());
        return item;
    }
}
