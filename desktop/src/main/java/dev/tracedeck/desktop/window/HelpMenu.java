package dev.tracedeck.desktop.window;

import dev.tracedeck.model.ToolVersion;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Help: the keyboard reference (F1) and the About box. The reference reads the menu bar's own accelerators, so it
 * can't fall behind a menu that changes; the keys that act inside one view are listed beside them.
 */
final class HelpMenu {

    /** A key that acts inside one view, where no menu item shows it. */
    record ViewKey(String where, String keys, String what) {
    }

    static final List<ViewKey> VIEW_KEYS = List.of(
            new ViewKey("Findings panel", "Enter", "open the row; on a finding, select its evidence in the timeline"),
            new ViewKey("Findings panel", "Space", "open or fold the row"),
            new ViewKey("Findings panel", "→  ←", "unfold, fold"),
            new ViewKey("Findings panel", "C  F  A", "triage the finding: confirmed, false positive, accepted"),
            new ViewKey("Findings panel", "Delete", "clear the finding's triage"),
            new ViewKey("Timeline search", "Enter  ↓", "search now and go to the rows"),
            new ViewKey("Timeline search", "Escape", "clear the search"),
            new ViewKey("Timeline and its search", "F3  Shift+F3", "the next, the previous match: the rows a search keeps, the words marked in them and in the detail"),
            new ViewKey("State view", "←  →", "the snapshot before, the one after"),
            new ViewKey("Tree", "←  →", "close or open the node; on a closed one, go to its parent, on an open one to its first child"),
            new ViewKey("Tree", "Enter  Space", "open or close the node"),
            new ViewKey("Transcript", "Enter  Space", "open or fold the block"),
            new ViewKey("Transcript", "F3  Shift+F3", "the next, the previous block that holds the words the timeline is searched for"),
            new ViewKey("Cost", "M  T  A  C", "group the calls by model, thread, agent, call"),
            new ViewKey("Memory", "←  →  ↑  ↓", "the operation before, after on the memory; the nearest on the memory above, below"),
            new ViewKey("Memory", "Enter", "select the operation's call in the other views"),
            new ViewKey("Notes", "Enter  Escape", "save the note, leave it"),
            new ViewKey("Compare, Runs, Playground windows", "Ctrl+W  Escape", "close the window"));

    private HelpMenu() {
    }

    static Menu create(MenuBar bar) {
        MenuItem keys = new MenuItem("Keyboard shortcuts");
        keys.setId("menu-keys");
        keys.setAccelerator(KeyCombination.keyCombination("F1"));
        keys.setOnAction(e -> show(bar, "Keyboard shortcuts", keyReference(bar)));
        MenuItem about = new MenuItem("About Tracedeck");
        about.setId("menu-about");
        about.setOnAction(e -> show(bar, "About Tracedeck", about()));
        return new Menu("Help", null, keys, new SeparatorMenuItem(), about);
    }

    /** Every menu item that has a key, menu by menu, then the keys of the views. */
    static List<String[]> shortcuts(MenuBar bar) {
        List<String[]> rows = new ArrayList<>();
        for (Menu menu : bar.getMenus()) {
            collect(menu, menu.getText(), rows);
        }
        for (ViewKey key : VIEW_KEYS) {
            rows.add(new String[] {key.where(), key.keys(), key.what()});
        }
        return rows;
    }

    private static void collect(Menu menu, String where, List<String[]> rows) {
        for (MenuItem item : menu.getItems()) {
            if (item instanceof Menu sub) {
                collect(sub, where + " ▸ " + sub.getText(), rows);
            } else if (item.getAccelerator() != null) {
                rows.add(new String[] {where, item.getAccelerator().getDisplayText(), item.getText()});
            }
        }
    }

    private static javafx.scene.Node keyReference(MenuBar bar) {
        GridPane grid = new GridPane();
        grid.setId("key-reference");
        grid.setHgap(16);
        grid.setVgap(3);
        String section = "";
        int row = 0;
        for (String[] key : shortcuts(bar)) {
            if (!key[0].equals(section)) {
                section = key[0];
                Label heading = new Label(section);
                heading.getStyleClass().add("key-reference-section");
                grid.add(heading, 0, row++, 2, 1);
            }
            Label combination = new Label(key[1]);
            combination.getStyleClass().add("key-reference-keys");
            grid.addRow(row++, combination, new Label(key[2]));
        }
        ScrollPane scroll = new ScrollPane(grid);
        scroll.setFitToWidth(true);
        scroll.setPrefSize(620, 520);
        return scroll;
    }

    private static javafx.scene.Node about() {
        Label name = new Label("Tracedeck " + ToolVersion.get());
        name.getStyleClass().add("about-name");
        Label what = new Label("A debugger for the traces and memory state of LLM agents.");
        Label runtime = new Label("Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor")
                + ") · JavaFX " + System.getProperty("javafx.runtime.version", "?") + " · "
                + System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        runtime.getStyleClass().add("muted");
        Label commands = new Label("The same checks run headless: tracedeck validate FILE (tracedeck --help lists every command).");
        commands.setWrapText(true);
        VBox box = new VBox(8, name, what, runtime, commands);
        box.setId("about");
        box.setPrefWidth(520);
        return box;
    }

    private static void show(MenuBar bar, String title, javafx.scene.Node content) {
        Dialog<ButtonType> dialog = new Dialog<>();
        Window owner = bar.getScene() == null ? null : bar.getScene().getWindow();
        if (owner != null) {
            dialog.initOwner(owner);
            dialog.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        dialog.setTitle(title);
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
        // Not showAndWait: a nested event loop would hold up whatever called the menu, as a test's robot.
        dialog.show();
    }
}
