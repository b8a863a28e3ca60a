package dev.tracedeck.desktop.window;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.PngEncoder;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.tabs.CenterView;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceViewModel;
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
 * Development aid, not a test: the window on each file with its Timeline, Context, Tree, Transcript, Cost and Memory shown, at
 * WIDTHxHEIGHT, to PNGs for looking at them ({@code xvfb-run java -cp … RunViewsGallery OUTDIR WIDTHxHEIGHT FILE...}). Imports run
 * synchronously, so each shot is of a settled window.
 */
public final class RunViewsGallery {

    private RunViewsGallery() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        String[] size = args[1].split("x");
        List<Path> files = List.of(args).subList(2, args.length).stream().map(Path::of).toList();
        Files.createDirectories(out);
        Platform.startup(() -> { });
        NoticesViewModel notices = new NoticesViewModel();
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        MainWindow[] window = new MainWindow[1];
        on(() -> {
            Stage stage = new Stage();
            window[0] = new MainWindow(stage, openFiles);
            window[0].show();
            stage.setWidth(Double.parseDouble(size[0]));
            stage.setHeight(Double.parseDouble(size[1]));
        });
        for (Path file : files) {
            String name = file.getFileName().toString().replaceAll("\\.[a-z]+$", "");
            on(() -> {
                openFiles.open(List.of(file));
                openFiles.select(openFiles.documents().get(openFiles.documents().size() - 1));
            });
            TraceViewModel trace = openFiles.getSelected().getContent();
            for (CenterView view : List.of(CenterView.TIMELINE, CenterView.CONTEXT, CenterView.TREE, CenterView.TRANSCRIPT,
                    CenterView.COST, CenterView.MEMORY)) {
                on(() -> trace.showCenter(view));
                shot(window[0], out.resolve(name + "-" + view.name().toLowerCase(java.util.Locale.ROOT) + "-" + args[1] + ".png"));
            }
        }
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
        Thread.sleep(700);
    }

    private static void shot(MainWindow window, Path file) throws Exception {
        on(() -> {
            try {
                WritableImage image = window.scene().snapshot(null);
                int w = (int) image.getWidth();
                int h = (int) image.getHeight();
                int[] pixels = new int[w * h];
                image.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), pixels, 0, w);
                try (OutputStream o = Files.newOutputStream(file)) {
                    PngEncoder.write(w, h, pixels, o);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
