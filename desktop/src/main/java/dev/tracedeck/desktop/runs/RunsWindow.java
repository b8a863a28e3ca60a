package dev.tracedeck.desktop.runs;

import dev.tracedeck.desktop.common.ZoomPane;
import javafx.beans.binding.Bindings;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import javafx.stage.Window;

/** A window beside the main one with two tabs: the runs table and the search across runs. Built on first use. */
public final class RunsWindow {

    private final Window owner;
    private final Scene themed;
    private final RunsViewModel runs;
    private final SearchViewModel search;
    private Stage stage;
    private TabPane tabs;
    private RunsView runsView;
    private SearchView searchView;

    /** @param themed the main window's scene, whose stylesheets (the theme) this window shares */
    public RunsWindow(Window owner, Scene themed, RunsViewModel runs, SearchViewModel search) {
        this.owner = owner;
        this.themed = themed;
        this.runs = runs;
        this.search = search;
    }

    /** Shows the runs table, read afresh. */
    public void showRuns() {
        build();
        runs.refresh();
        tabs.getSelectionModel().select(0);
        show();
        runsView.table().requestFocus();
    }

    /** Shows the search, its query field focused. */
    public void showSearch() {
        build();
        tabs.getSelectionModel().select(1);
        show();
        searchView.focusQuery();
    }

    public Stage stage() {
        return stage;
    }

    private void show() {
        stage.show();
        stage.toFront();
    }

    private void build() {
        if (stage != null) {
            return;
        }
        runsView = new RunsView(runs);
        searchView = new SearchView(search);
        Tab runsTab = new Tab("Runs", runsView);
        Tab searchTab = new Tab("Search", searchView);
        for (Tab tab : new Tab[] {runsTab, searchTab}) {
            tab.setClosable(false);
        }
        tabs = new TabPane(runsTab, searchTab);
        tabs.setId("runs-tabs");
        stage = new Stage();
        stage.initOwner(owner);
        Scene scene = new Scene(new ZoomPane(tabs), 1100, 560);
        Bindings.bindContent(scene.getStylesheets(), themed.getStylesheets());
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+W"), stage::close);
        stage.setScene(scene);
        stage.setTitle("Runs — Tracedeck");
    }
}
