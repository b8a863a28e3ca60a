package dev.tracedeck.desktop.prune;

import dev.tracedeck.analysis.prune.StrategyParser;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.PngEncoder;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.window.MainWindow;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.TraceThread;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;

/**
 * Development aid, not a test: renders the playground at 1280×720 to PNGs for looking at them
 * ({@code xvfb-run java -cp … PlaygroundGallery PNG [light] LOG [STRATEGY...]}), opened from the main window as a
 * user would. The thread with the longest history is chosen, at its last point, and the first message a strategy
 * touched is selected; computation runs synchronously, so the shot is settled.
 */
public final class PlaygroundGallery {

    private PlaygroundGallery() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        boolean light = args[1].equals("light");
        int first = light ? 2 : 1;
        Path log = Path.of(args[first]);
        List<String> strategies = List.of(args).subList(first + 1, args.length);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Platform.startup(() -> { });
        NoticesViewModel notices = new NoticesViewModel();
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        Stage[] stage = new Stage[1];
        on(() -> {
            MainWindow window = new MainWindow(new Stage(), openFiles);
            window.show();
            openFiles.open(List.of(log));
            if (light) {
                window.scene().getStylesheets().set(0, sheet("tokens-light.css"));
            }
            window.openPlayground();
            stage[0] = window.playground().orElseThrow().stage();
            PlaygroundViewModel model = window.playground().get().model();
            TraceThread longest = model.threads().stream()
                    .max(Comparator.comparingInt(t -> dev.tracedeck.analysis.prune.ThreadHistory.last(t).orElseThrow().history().size()))
                    .orElseThrow();
            model.selectThread(longest);
            model.selectPoint(model.points().get(model.points().size() - 1));
            if (!strategies.isEmpty()) {
                StrategyParser.parseAll(strategies);
                model.setStrategies(strategies.stream().map(StrategyParser::parse).toList());
            }
            Scene scene = stage[0].getScene();
            javafx.scene.control.ListView<?> before = (javafx.scene.control.ListView<?>) scene.lookup("#playground-before");
            int removed = 0;
            for (int i = 0; i < model.before().size(); i++) {
                if (model.before().get(i).mark() != MessageRow.Mark.KEPT) {
                    removed = i;
                    break;
                }
            }
            before.getSelectionModel().select(removed);
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

    private static String sheet(String name) {
        return PlaygroundGallery.class.getResource("/dev/tracedeck/desktop/" + name).toExternalForm();
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
