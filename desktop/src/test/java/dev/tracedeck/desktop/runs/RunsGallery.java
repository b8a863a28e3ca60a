package dev.tracedeck.desktop.runs;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.PngEncoder;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.window.MainWindow;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.workspace.TriageStatus;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;

/**
 * Development aid, not a test: the findings panel with a triage mark, the runs table and a search, as PNGs, over a
 * workspace in a temporary directory ({@code xvfb-run java -cp … RunsGallery OUTDIR LOG...}).
 */
public final class RunsGallery {

    private RunsGallery() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        List<Path> logs = List.of(args).subList(1, args.length).stream().map(Path::of).toList();
        Files.createDirectories(out);
        Path file = Files.createTempDirectory("runs-gallery").resolve("workspace.db");
        Platform.startup(() -> { });
        NoticesViewModel notices = new NoticesViewModel();
        WorkspaceLink link = new WorkspaceLink(file, Clock.systemUTC(), new SyncTaskRunner(), notices);
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run), Optional.of(link));
        MainWindow[] window = new MainWindow[1];
        on(() -> {
            Stage stage = new Stage();
            window[0] = new MainWindow(stage, openFiles);
            stage.setWidth(1280);
            stage.setHeight(720);
            window[0].show();
            openFiles.open(logs);
            openFiles.select(openFiles.documents().get(0));
            openFiles.selectedTrace().ifPresent(t -> {
                t.findings().selectFirst();
                t.findings().mark(TriageStatus.CONFIRMED, "seen in production");
                t.findings().next();
                t.findings().mark(TriageStatus.FALSE_POSITIVE, "");
            });
        });
        save(window[0].scene(), out.resolve("1-triage.png"));
        on(() -> window[0].runsWindow().showRuns());
        save(window[0].runsWindow().stage().getScene(), out.resolve("2-runs.png"));
        on(() -> {
            window[0].runsWindow().showSearch();
            SearchView view = (SearchView) window[0].runsWindow().stage().getScene().lookup("#run-search");
            ((javafx.scene.control.TextField) view.lookup("#run-search-query")).setText("tea OR tools:add_entry");
            ((javafx.scene.control.TextField) view.lookup("#run-search-query")).fireEvent(new javafx.event.ActionEvent());
        });
        save(window[0].runsWindow().stage().getScene(), out.resolve("3-search.png"));
        on(() -> window[0].runsWindow().stage().getScene().getStylesheets().size());
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

    private static void save(Scene scene, Path file) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                WritableImage image = scene.snapshot(null);
                int w = (int) image.getWidth();
                int h = (int) image.getHeight();
                int[] pixels = new int[w * h];
                image.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), pixels, 0, w);
                try (OutputStream o = Files.newOutputStream(file)) {
                    PngEncoder.write(w, h, pixels, o);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            } finally {
                done.countDown();
            }
        });
        done.await();
    }
}
