package dev.tracedeck.desktop.window;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.FxTaskRunner;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.PngEncoder;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.tabs.CenterView;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;

/**
 * Development aid, not a test: renders the window in several states to PNGs for looking at them
 * ({@code xvfb-run java -cp … ScreenGallery OUTDIR LOG...}). Imports run synchronously, so each shot is of
 * a settled window.
 */
public final class ScreenGallery {

    private static final Validator VALIDATOR = new Validator(RuleConfig.DEFAULT);

    private ScreenGallery() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        List<Path> logs = List.of(args).subList(1, args.length).stream().map(Path::of).toList();
        Files.createDirectories(out);
        Platform.startup(() -> { });
        NoticesViewModel notices = new NoticesViewModel();
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(), VALIDATOR,
                notices, new ErrorBoundary(notices, Runnable::run));
        MainWindow[] window = new MainWindow[1];
        on(() -> {
            window[0] = new MainWindow(new Stage(), openFiles);
            window[0].show();
        });
        shot(window[0], out.resolve("0-empty.png"));
        on(() -> {
            openFiles.open(logs);
            openFiles.select(openFiles.documents().get(0));
            select(openFiles, e -> e.payload() instanceof Payload.ToolInvocation t && t.call().truncated());
        });
        shot(window[0], out.resolve("1-truncated-tool-call.png"));
        on(() -> select(openFiles, e -> e.kind() == EventKind.MESSAGE && e.text().contains("\n")));
        shot(window[0], out.resolve("2-multiline-message.png"));
        on(() -> select(openFiles, e -> e.source().lineCount() > 5 && e.kind() == EventKind.MARKER));
        shot(window[0], out.resolve("3-marker.png"));
        on(() -> {
            TraceViewModel trace = openFiles.getSelected().getContent();
            trace.threads().select(trace.threads().threads().get(2));
            trace.timeline().search().search("add_entry");
            select(openFiles, e -> e.kind() == EventKind.TOOL_CALL);
        });
        shot(window[0], out.resolve("4-filtered.png"));
        on(() -> {
            openFiles.open(List.of(Path.of("/nonexistent/run.log")));
            window[0].scene().getStylesheets().setAll(List.of(
                    ScreenGallery.class.getResource("/dev/tracedeck/desktop/tokens-light.css").toExternalForm(),
                    ScreenGallery.class.getResource("/dev/tracedeck/desktop/app.css").toExternalForm()));
            select(openFiles, e -> e.kind() == EventKind.STATE && e.summary().contains("+"));
        });
        shot(window[0], out.resolve("5-light-with-error.png"));
        on(() -> {
            openFiles.select(openFiles.documents().get(0));
            TraceViewModel trace = openFiles.getSelected().getContent();
            trace.threads().selectAll();
            trace.timeline().search().search("");
            trace.timeline().filter().showOnlyFlagged(true);
            trace.findings().next();
            trace.findings().next();
            trace.findings().next();
        });
        shot(window[0], out.resolve("6-light-only-flagged.png"));
        on(() -> openFiles.select(openFiles.documents().get(openFiles.documents().size() - 1)));
        shot(window[0], out.resolve("7-light-clean-file.png"));
        on(() -> {
            openFiles.select(openFiles.documents().get(0));
            TraceViewModel trace = openFiles.getSelected().getContent();
            trace.timeline().filter().showOnlyFlagged(false);
            trace.threads().select(trace.threads().threads().get(Math.min(2, trace.threads().threads().size() - 1)));
            List<Event> dumps = trace.timeline().table().rows().stream().filter(e -> e.kind() == EventKind.STATE).toList();
            if (!dumps.isEmpty()) {
                trace.timeline().selection().select(dumps.get(dumps.size() * 2 / 3));
            }
            trace.showCenter(CenterView.STEPS);
        });
        shot(window[0], out.resolve("10-light-steps.png"));
        on(() -> openFiles.getSelected().getContent().showCenter(CenterView.CONTEXT));
        shot(window[0], out.resolve("11-light-context.png"));
        on(() -> openFiles.getSelected().getContent().showCenter(CenterView.STATE));
        shot(window[0], out.resolve("12-light-state.png"));
        on(() -> window[0].present(true));
        shot(window[0], out.resolve("13-light-presentation.png"));
        on(() -> window[0].present(false));
        on(() -> {
            TraceViewModel trace = openFiles.getSelected().getContent();
            trace.showCenter(CenterView.TIMELINE);
            select(openFiles, e -> !e.sourceText().isHeld() && e.kind() == EventKind.TOOL_CALL);
        });
        shot(window[0], out.resolve("15-light-text-from-file.png"));
        if (openFiles.documents().size() >= 2) {
            Stage[] compare = new Stage[1];
            on(() -> {
                CompareDialog dialog = new CompareDialog(window[0].stage(), openFiles);
                compare[0] = dialog.window(openFiles.documents().get(0), openFiles.documents().get(1),
                        openFiles.compare(openFiles.documents().get(0), openFiles.documents().get(1)));
                compare[0].show();
            });
            on(() -> {
                try {
                    save(compare[0].getScene(), out.resolve("14-compare.png"));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                compare[0].close();
            });
        }
        String big = System.getProperty("gallery.big");
        if (big != null) {
            FxTaskRunner imports = new FxTaskRunner("gallery-import", 1);
            OpenFilesViewModel slow = new OpenFilesViewModel(Importers.standard(), imports, imports, VALIDATOR, notices,
                    new ErrorBoundary(notices, Runnable::run));
            CountDownLatch checking = new CountDownLatch(1);
            on(() -> {
                window[0].stage().close();
                window[0] = new MainWindow(new Stage(), slow);
                window[0].show();
                slow.open(List.of(Path.of(big)));
                // The checks start as the import ends; the next pulse still shows them running.
                slow.getSelected().contentProperty().addListener((obs, old, now) -> Platform.runLater(() -> {
                    try {
                        save(window[0].scene(), out.resolve("9-checking.png"));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    } finally {
                        checking.countDown();
                    }
                }));
            });
            save(window[0], out.resolve("8-importing.png"));
            checking.await();
        }
        Platform.exit();
    }

    /** Runs on the FX thread and waits, then gives the scene time to lay out and render. */
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

    private static void save(MainWindow window, Path file) throws Exception {
        shot(window, file);
    }

    private static void shot(MainWindow window, Path file) throws Exception {
        on(() -> {
            try {
                save(window.scene(), file);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static void select(OpenFilesViewModel openFiles, Predicate<Event> which) {
        TraceViewModel trace = openFiles.getSelected().getContent();
        trace.timeline().table().rows().stream().filter(which).findFirst().ifPresent(trace.timeline().selection()::select);
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
