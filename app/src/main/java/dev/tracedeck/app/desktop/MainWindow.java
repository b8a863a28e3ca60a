package dev.tracedeck.app.desktop;

import dev.tracedeck.app.common.NoticeBar;
import dev.tracedeck.app.workspace.StatusBar;
import dev.tracedeck.app.workspace.WorkspaceView;
import dev.tracedeck.app.workspace.WorkspaceViewModel;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;

/** The window: menu and notices on top, the open files in the middle, the status bar at the bottom. */
public final class MainWindow {

    private static final double WIDTH = 1480;
    private static final double HEIGHT = 900;

    private final Stage stage;
    private final Scene scene;

    public MainWindow(Stage stage, WorkspaceViewModel workspace) {
        this.stage = stage;
        OpenFileDialog dialog = new OpenFileDialog(stage, workspace::open);
        WorkspaceView files = new WorkspaceView(workspace, dialog::show);
        MainMenu.Actions actions = new MainMenu.Actions(dialog::show, files::focusSearch, files::focusFindings,
                Platform::exit, this::apply);

        BorderPane root = new BorderPane();
        root.getStyleClass().add("main-window");
        root.setTop(new VBox(MainMenu.create(workspace, actions, Theme.DARK), new NoticeBar(workspace.notices())));
        root.setCenter(files);
        root.setBottom(new StatusBar(workspace));
        FileDropTarget.install(root, workspace::open);

        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        scene = new Scene(root, Math.min(WIDTH, screen.getWidth() * 0.95), Math.min(HEIGHT, screen.getHeight() * 0.95));
        apply(Theme.DARK);
        stage.setScene(scene);
        stage.setMinWidth(720);
        stage.setMinHeight(420);
        stage.titleProperty().bind(Bindings.createStringBinding(
                () -> workspace.getSelected() == null ? "Tracedeck" : workspace.getSelected().name() + " — Tracedeck",
                workspace.selectedProperty()));
    }

    public Stage stage() {
        return stage;
    }

    public Scene scene() {
        return scene;
    }

    public void show() {
        stage.show();
    }

    private void apply(Theme theme) {
        theme.applyTo(scene);
    }
}
