package dev.tracedeck.desktop.window;

import dev.tracedeck.desktop.follow.LiveDocuments;
import dev.tracedeck.desktop.runs.RunRow;
import dev.tracedeck.desktop.tabs.CenterView;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;

/** The menu bar; its accelerators are the window's keyboard shortcuts. */
final class MainMenu {

    /** What the menu can ask the window to do beyond the workspace's own commands. */
    record Actions(Runnable openDialog, Runnable openFolderDialog, Runnable focusSearch, Runnable focusFindings, Runnable quit, Consumer<Theme> theme,
                   Runnable exportPicture, Consumer<Boolean> presentation, Runnable compare, Runnable openPlayground,
                   Runnable showRuns, Runnable searchRuns, Supplier<List<RunRow>> recent, Consumer<RunRow> openRun,
                   Runnable addNote, Runnable listenDialog, Runnable copyRequest, Runnable alignRuns,
                   Runnable chooseWorkspace) {
    }

    /** How many files File ▸ Open Recent lists. */
    static final int RECENT = 10;

    private MainMenu() {
    }

    static MenuBar create(OpenFilesViewModel openFiles, LiveDocuments live, Actions actions, Theme initial) {
        MenuItem open = item("Open…", "Shortcut+O", actions.openDialog());
        // A Claude Code project folder: its sessions and their sub-agents, one trace.
        MenuItem openFolder = item("Open Folder…", "Shortcut+Shift+O", actions.openFolderDialog());
        openFolder.setId("menu-open-folder");
        // An OTLP receiver whose spans open in a live tab, as `tracedeck listen` prints them.
        MenuItem listen = item("Listen for OpenTelemetry…", "Shortcut+Shift+L", actions.listenDialog());
        listen.setId("menu-listen");
        MenuItem close = item("Close file", "Shortcut+W", openFiles::closeSelected);
        close.disableProperty().bind(openFiles.selectedProperty().isNull());
        MenuItem quit = item("Quit", "Shortcut+Q", actions.quit());
        MenuItem export = item("Export picture…", "Shortcut+Shift+S", actions.exportPicture());
        export.setId("menu-export-picture");
        export.disableProperty().bind(openFiles.selectedProperty().isNull());
        MenuItem compare = item("Compare…", "Shortcut+Shift+C", actions.compare());
        compare.setId("menu-compare");
        compare.disableProperty().bind(openFiles.selectedProperty().isNull());
        // Runs of one task laid over each other: where they split, and how each branch ended.
        MenuItem align = item("Align Runs…", "Shortcut+Shift+A", actions.alignRuns());
        align.setId("menu-align-runs");
        Menu recent = new Menu("Open Recent");
        recent.setId("menu-open-recent");
        // Filled as it opens, from the runs the workspace holds (read in the background as files are recorded).
        recent.getItems().add(new MenuItem("(none)"));
        recent.setOnShowing(e -> fillRecent(recent, actions));
        MenuItem runs = item("Runs…", "Shortcut+R", actions.showRuns());
        runs.setId("menu-runs");
        MenuItem searchRuns = item("Search all runs…", "Shortcut+Shift+R", actions.searchRuns());
        searchRuns.setId("menu-search-runs");
        // Another workspace: a file, or one a team shares on a PostgreSQL server.
        MenuItem workspace = new MenuItem("Workspace…");
        workspace.setOnAction(e -> actions.chooseWorkspace().run());
        workspace.setId("menu-workspace");
        workspace.setDisable(openFiles.link().isEmpty());
        Menu file = new Menu("File", null, open, openFolder, recent, listen, close, new SeparatorMenuItem(), runs, searchRuns,
                workspace, new SeparatorMenuItem(),
                compare, align, export, new SeparatorMenuItem(), quit);
        file.setOnShowing(e -> fillRecent(recent, actions));

        MenuItem find = item("Find in timeline", "Shortcut+F", actions.focusSearch());
        find.disableProperty().bind(openFiles.selectedProperty().isNull());
        CheckMenuItem dark = new CheckMenuItem("Dark theme");
        dark.setSelected(initial == Theme.DARK);
        dark.setOnAction(e -> actions.theme().accept(dark.isSelected() ? Theme.DARK : Theme.LIGHT));
        Menu view = new Menu("View", null, find, followItem(live), new SeparatorMenuItem());
        view.getItems().addAll(centerItems(openFiles));
        view.getItems().add(new SeparatorMenuItem());
        view.getItems().addAll(findingsItems(openFiles, actions, view));
        CheckMenuItem presentation = new CheckMenuItem("Presentation mode");
        presentation.setId("menu-presentation");
        presentation.setAccelerator(KeyCombination.keyCombination("F5"));
        presentation.setOnAction(e -> actions.presentation().accept(presentation.isSelected()));
        view.getItems().addAll(new SeparatorMenuItem(), dark, presentation);

        MenuItem playground = item("Prune playground…", "Shortcut+Shift+P", actions.openPlayground());
        playground.setId("menu-playground");
        playground.disableProperty().bind(openFiles.selectedProperty().isNull());
        Menu tools = new Menu("Tools", null, playground);

        MenuBar bar = new MenuBar(file, view, eventMenu(openFiles, actions), tools);
        bar.getMenus().add(HelpMenu.create(bar));
        bar.setId("main-menu");
        return bar;
    }

    /** Follow: the selected file is read again as it grows; ticked for a receiver's tab, which always is. */
    private static CheckMenuItem followItem(LiveDocuments live) {
        CheckMenuItem follow = new CheckMenuItem("Follow");
        follow.setId("menu-follow");
        follow.setAccelerator(KeyCombination.keyCombination("F9"));
        follow.setSelected(live.selectedFollowedProperty().get());
        live.selectedFollowedProperty().addListener((obs, old, on) -> follow.setSelected(on));
        follow.disableProperty().bind(live.selectedFollowableProperty().not());
        follow.setOnAction(e -> {
            live.toggleSelected();
            follow.setSelected(live.selectedFollowedProperty().get());
        });
        return follow;
    }

    /** Notes and bookmarks on the event the detail pane shows, and going from bookmark to bookmark. */
    private static Menu eventMenu(OpenFilesViewModel openFiles, Actions actions) {
        MenuItem bookmark = item("Toggle bookmark", "Shortcut+B", () -> onTrace(openFiles, TraceViewModel::toggleBookmark));
        bookmark.setId("menu-bookmark");
        MenuItem note = item("Add note…", "Shortcut+N", actions.addNote());
        note.setId("menu-note");
        MenuItem next = item("Next bookmark", "F2", () -> onTrace(openFiles, t -> t.goToBookmark(true)));
        next.setId("menu-next-bookmark");
        MenuItem previous = item("Previous bookmark", "Shift+F2", () -> onTrace(openFiles, t -> t.goToBookmark(false)));
        // The request the model received at the event's step, as its provider's body or a curl command.
        MenuItem copyRequest = item("Copy Request", "Shortcut+Alt+C", actions.copyRequest());
        copyRequest.setId("menu-copy-request");
        for (MenuItem item : new MenuItem[] {bookmark, note, next, previous, copyRequest}) {
            item.disableProperty().bind(openFiles.selectedProperty().isNull());
        }
        return new Menu("Event", null, bookmark, note, new SeparatorMenuItem(), next, previous, new SeparatorMenuItem(),
                copyRequest);
    }

    /** Timeline, steps, context chart: what shows beside the detail in the selected file. */
    private static MenuItem[] centerItems(OpenFilesViewModel openFiles) {
        CenterView[] views = CenterView.values();
        MenuItem[] items = new MenuItem[views.length];
        for (int i = 0; i < views.length; i++) {
            CenterView view = views[i];
            items[i] = item(view == CenterView.CONTEXT ? "Context chart" : view.title(), "Shortcut+" + (i + 1),
                    () -> onTrace(openFiles, t -> t.showCenter(view)));
            items[i].setId("menu-center-" + view.name().toLowerCase(java.util.Locale.ROOT));
            items[i].disableProperty().bind(openFiles.selectedProperty().isNull());
        }
        return items;
    }

    /** Findings panel, next/previous finding, only flagged: all act on the selected file. */
    private static MenuItem[] findingsItems(OpenFilesViewModel openFiles, Actions actions, Menu view) {
        CheckMenuItem panel = new CheckMenuItem("Findings panel");
        panel.setId("menu-findings-panel");
        panel.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+F"));
        panel.setSelected(openFiles.findingsShownProperty().get());
        openFiles.findingsShownProperty().addListener((obs, old, shown) -> panel.setSelected(shown));
        panel.setOnAction(e -> {
            openFiles.showFindings(panel.isSelected());
            if (panel.isSelected()) {
                actions.focusFindings().run();
            }
        });
        MenuItem next = item("Next finding", "F8", () -> onTrace(openFiles, t -> t.findings().next()));
        MenuItem previous = item("Previous finding", "Shift+F8", () -> onTrace(openFiles, t -> t.findings().previous()));
        CheckMenuItem flagged = new CheckMenuItem("Only flagged events");
        flagged.setId("menu-only-flagged");
        flagged.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+E"));
        flagged.setOnAction(e -> onTrace(openFiles, t -> t.timeline().filter().showOnlyFlagged(!t.timeline().filter().isOnlyFlagged())));
        CheckMenuItem harness = new CheckMenuItem("Harness records as rows");
        harness.setId("menu-show-harness");
        harness.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+H"));
        harness.setOnAction(e -> onTrace(openFiles, t -> t.timeline().filter().foldHarness(!t.timeline().filter().isHarnessFolded())));
        // The ticks belong to the selected file's timeline, which changes under the menu; read them on opening.
        view.setOnShowing(e -> {
            flagged.setSelected(openFiles.selectedTrace().map(t -> t.timeline().filter().isOnlyFlagged()).orElse(false));
            harness.setSelected(openFiles.selectedTrace().map(t -> !t.timeline().filter().isHarnessFolded()).orElse(false));
        });
        for (MenuItem item : new MenuItem[] {next, previous, flagged, harness}) {
            item.disableProperty().bind(openFiles.selectedProperty().isNull());
        }
        return new MenuItem[] {panel, next, previous, flagged, harness};
    }

    private static void fillRecent(Menu recent, Actions actions) {
        List<RunRow> rows = actions.recent().get();
        recent.getItems().clear();
        for (RunRow row : rows) {
            MenuItem item = new MenuItem(row.name() + "   " + row.path());
            item.setMnemonicParsing(false);
            item.setOnAction(e -> actions.openRun().accept(row));
            recent.getItems().add(item);
        }
        if (rows.isEmpty()) {
            MenuItem none = new MenuItem("(no recorded traces)");
            none.setDisable(true);
            recent.getItems().add(none);
        }
    }

    private static void onTrace(OpenFilesViewModel openFiles, Consumer<TraceViewModel> action) {
        openFiles.selectedTrace().ifPresent(action);
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setAccelerator(KeyCombination.keyCombination(accelerator));
        item.setOnAction(e -> action.run());
        return item;
    }
}
