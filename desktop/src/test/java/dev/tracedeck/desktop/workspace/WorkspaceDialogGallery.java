package dev.tracedeck.desktop.workspace;

import dev.tracedeck.desktop.common.ManualTaskRunner;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.PngEncoder;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.desktop.settings.MemorySettingsStore;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * Development aid, not a test: File ▸ Workspace… in its three states — as it opens, while a server is tried, and after
 * one could not be reached — as PNGs, in the window's dark theme ({@code xvfb-run java -cp … WorkspaceDialogGallery
 * OUTDIR}). The opening is driven by hand, so the spinner's state holds still for its picture.
 */
public final class WorkspaceDialogGallery {

    private WorkspaceDialogGallery() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Files.createDirectories(Path.of(args[0]));
        Platform.startup(() -> { });
        ManualTaskRunner runner = new ManualTaskRunner();
        WorkspaceLink link = new WorkspaceLink(Files.createTempDirectory("gallery").resolve("workspace.db"), Clock.systemUTC(),
                runner, new NoticesViewModel());
        WorkspaceChoice choice = new WorkspaceChoice(link, new MemorySettingsStore());
        Object[] dialog = new Object[1];
        on(() -> {
            Stage owner = new Stage();
            Scene scene = new Scene(new StackPane(), 1280, 720);
            scene.getStylesheets().setAll(List.of(
                    WorkspaceDialogGallery.class.getResource("/dev/tracedeck/desktop/tokens-dark.css").toExternalForm(),
                    WorkspaceDialogGallery.class.getResource("/dev/tracedeck/desktop/app.css").toExternalForm()));
            owner.setScene(scene);
            owner.show();
            Dialog<ButtonType> d = new WorkspaceDialog(owner, choice).build();
            d.show();
            dialog[0] = d;
        });
        shot(dialog[0], out.resolve("workspace-1-open.png"));
        on(() -> {
            choice.locationProperty().set("postgresql://127.0.0.1:5433/traces");
            choice.open(() -> { });
        });
        shot(dialog[0], out.resolve("workspace-2-opening.png"));
        on(runner::runNext);
        shot(dialog[0], out.resolve("workspace-3-unreachable.png"));
        Platform.exit();
        System.exit(0);
    }

    private static void shot(Object dialog, Path file) throws Exception {
        on(() -> {
            Scene scene = ((Dialog<?>) dialog).getDialogPane().getScene();
            WritableImage image = scene.snapshot(null);
            int w = (int) image.getWidth();
            int h = (int) image.getHeight();
            int[] pixels = new int[w * h];
            image.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), pixels, 0, w);
            try (OutputStream o = Files.newOutputStream(file)) {
                PngEncoder.write(w, h, pixels, o);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static void on(Runnable action) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                action.run();
            } finally {
                done.countDown();
            }
        });
        done.await();
        Thread.sleep(700);
    }
}
