package dev.tracedeck.desktop.align;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.PngEncoder;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.window.MainWindow;
import dev.tracedeck.importers.registry.Importers;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;

/**
 * Development aid, not a test: File ▸ Align Runs… on the files given, as a user opens it from the main window, at a
 * window size, saved as a PNG for looking at it ({@code scripts/screenshot-align.sh OUT.png WxH FILE...}, under Xvfb).
 * The branch of the runs that tried sympy first is selected, and its two runs; reading runs synchronously, so the
 * shot is settled.
 */
public final class AlignGallery {

    private AlignGallery() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        String[] size = args[1].split("x");
        List<Path> files = List.of(args).subList(2, args.length).stream().map(Path::of).toList();
        Files.createDirectories(out.toAbsolutePath().getParent());
        Platform.startup(() -> { });
        NoticesViewModel notices = new NoticesViewModel();
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        Stage[] stage = new Stage[1];
        on(() -> {
            MainWindow main = new MainWindow(new Stage(), openFiles);
            main.show();
            AlignWindow window = main.alignRuns();
            stage[0] = window.stage();
            stage[0].setWidth(Double.parseDouble(size[0]));
            stage[0].setHeight(Double.parseDouble(size[1]));
            window.load(files);
            AlignView view = window.view();
            if (view.tree().getRoot() != null && view.tree().getRoot().getChildren().size() > 1) {
                view.tree().getSelectionModel().select(view.tree().getRoot().getChildren().get(1));
                view.runList().getSelectionModel().selectRange(0, Math.min(2, view.runList().getItems().size()));
            }
        });
        on(() -> {
            try {
                save(stage[0].getScene(), out);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Platform.exit();
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
        Thread.sleep(900);
    }

    private static void save(Scene scene, Path file) throws Exception {
        WritableImage image = scene.snapshot(null);
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        int[] pixels = new int[w * h];
        image.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), pixels, 0, w);
        try (OutputStream o = Files.newOutputStream(file)) {
            PngEncoder.write(w, h, pixels, o);
        }
    }
}
