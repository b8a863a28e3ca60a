package dev.tracedeck.desktop.tabs;

import dev.tracedeck.desktop.loading.LoadingView;
import java.util.HashMap;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;

/** A tab per open file; the tab's panes follow its document from importing to ready. */
public final class OpenFilesView extends StackPane {

    private Runnable onExportPicture = () -> { };

    private final OpenFilesViewModel model;
    private final TabPane tabs = new TabPane();
    private final Map<TraceDocument, Tab> tabOf = new HashMap<>();

    public OpenFilesView(OpenFilesViewModel model, Runnable openDialog) {
        this.model = model;
        getStyleClass().add("open-files");
        getStylesheets().add(OpenFilesView.class.getResource("tabs.css").toExternalForm());
        tabs.setId("file-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        NoFileOpenPane empty = new NoFileOpenPane(openDialog);
        getChildren().addAll(empty, tabs);

        model.documents().addListener((ListChangeListener<TraceDocument>) change -> syncTabs());
        tabs.getSelectionModel().selectedItemProperty().addListener((obs, old, now) ->
                model.select(now == null ? null : (TraceDocument) now.getUserData()));
        model.selectedProperty().addListener((obs, old, now) -> {
            Tab tab = tabOf.get(now);
            if (tab != null && tabs.getSelectionModel().getSelectedItem() != tab) {
                tabs.getSelectionModel().select(tab);
            }
        });
        tabs.visibleProperty().bind(Bindings.isNotEmpty(tabs.getTabs()));
        empty.visibleProperty().bind(tabs.visibleProperty().not());
        syncTabs();
    }

    /** Puts the caret in the selected file's search box. */
    public void focusSearch() {
        Tab tab = tabs.getSelectionModel().getSelectedItem();
        if (tab != null && tab.getContent() instanceof TraceView view) {
            view.focusSearch();
        } else if (tab != null && tab.getContent() instanceof LoadingView view) {
            view.focusSearch();
        }
    }

    /** What a view's "Export picture…" context-menu entry does: the window's File ▸ Export picture. */
    public void setOnExportPicture(Runnable action) {
        onExportPicture = action;
    }

    /**
     * What File ▸ Export picture can draw of the selected file, by name, in the order to offer them: the view shown
     * beside the detail pane first.
     */
    public java.util.LinkedHashMap<String, javafx.scene.Node> pictureViews() {
        Tab tab = tabs.getSelectionModel().getSelectedItem();
        if (tab != null && tab.getContent() instanceof TraceView view) {
            return view.pictureViews();
        }
        return new java.util.LinkedHashMap<>();
    }

    /** Opens the field for a note on the event the selected file's detail pane shows. */
    public void addNote() {
        Tab tab = tabs.getSelectionModel().getSelectedItem();
        if (tab != null && tab.getContent() instanceof TraceView view) {
            view.addNote();
        }
    }

    /** Puts the keyboard in the selected file's findings list. */
    public void focusFindings() {
        Tab tab = tabs.getSelectionModel().getSelectedItem();
        if (tab != null && tab.getContent() instanceof TraceView view) {
            view.focusFindings();
        }
    }

    private void syncTabs() {
        tabOf.keySet().removeIf(document -> {
            if (model.documents().contains(document)) {
                return false;
            }
            tabs.getTabs().remove(tabOf.get(document));
            return true;
        });
        for (TraceDocument document : model.documents()) {
            tabOf.computeIfAbsent(document, this::newTab);
        }
        Tab wanted = tabOf.get(model.getSelected());
        if (wanted != null) {
            tabs.getSelectionModel().select(wanted);
        }
    }

    private Tab newTab(TraceDocument document) {
        Tab tab = new Tab(document.name());
        tab.setUserData(document);
        tab.setTooltip(new Tooltip(document.path().toString()));
        tab.setOnCloseRequest(e -> {
            e.consume();  // the view-model decides; the tab goes when the document does
            model.close(document);
        });
        showContent(tab, document);
        document.contentProperty().addListener((obs, old, now) -> showContent(tab, document));
        tabs.getTabs().add(tab);
        return tab;
    }

    private void showContent(Tab tab, TraceDocument document) {
        if (document.isReady()) {
            tab.setGraphic(null);
            tab.setContent(new TraceView(document.getContent(), model, () -> onExportPicture.run()));
        } else {
            // A bar rather than a spinner: at tab size a spinner's pie is too small to read.
            ProgressBar bar = new ProgressBar();
            bar.progressProperty().bind(document.progressProperty());
            bar.getStyleClass().add("tab-progress");
            tab.setGraphic(bar);
            PaneLayout layout = model.getPaneLayout();
            tab.setContent(new LoadingView(document.loading(), document.path(), document.progressProperty(),
                    () -> model.close(document), layout.threads(), layout.detail(), layout.findings(),
                    model.findingsShownProperty().get()));
        }
    }
}
