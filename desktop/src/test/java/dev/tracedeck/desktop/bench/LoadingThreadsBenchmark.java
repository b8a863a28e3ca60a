package dev.tracedeck.desktop.bench;

import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.desktop.annotations.EventAnnotations;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.loading.LoadingView;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.desktop.threads.ThreadListView;
import dev.tracedeck.desktop.timeline.TimelineView;
import dev.tracedeck.desktop.triage.TriageMarks;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.TraceBuilder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.FutureTask;
import javafx.application.Platform;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.scene.Scene;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * The window while a file of many threads is read: {@code EVENTS} events over {@code THREADS} threads (Mycelian ids,
 * a UUID and a session; sessions run one after the other, a few at a time) are handed to a file's view-model in batches of {@code BATCH}, as an import hands
 * them over a few times a second, with the panes of a file being read on screen (1280×720); each batch's FX-thread CPU time, from the
 * batch handed over to the view laid out again, is taken. It runs against whatever the classpath's app is, so the same
 * class measures the window before and after a change.
 *
 * <pre>java -cp … dev.tracedeck.desktop.bench.LoadingThreadsBenchmark [THREADS=100000] [EVENTS=1000000] [BATCH=20000]</pre>
 *
 * Needs a display (xvfb-run -a -s "-screen 0 1280x720x24").
 */
public final class LoadingThreadsBenchmark {

    private LoadingThreadsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int events = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        int batch = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
        List<Event> all = events(threads, events);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        Platform.startup(() -> { });
        TraceViewModel model = fx(() -> TraceViewModel.reading("threads.log", new SyncTaskRunner(), new SyncTaskRunner(),
                RuleParameters.DEFAULTS, TriageMarks.none(), EventAnnotations.none(), (trace, checked) -> {
                    throw new UnsupportedOperationException("not checked");
                }));
        Scene scene = fx(() -> {
            // The panes a tab shows while its file is read: the strip over the thread list and the timeline.
            SplitPane panes = new SplitPane(new ThreadListView(model.threads()), new TimelineView(model.timeline()));
            panes.setDividerPositions(0.25);
            VBox view = new VBox(new LoadingView(model.readSoFar().orElseThrow(), model.findings().summaryProperty(),
                    Path.of("threads.log"), new SimpleDoubleProperty(0.5), () -> { }), panes);
            VBox.setVgrow(panes, Priority.ALWAYS);
            Stage stage = new Stage();
            Scene shown = new Scene(view, 1280, 720);
            for (String sheet : List.of("tokens-dark.css", "app.css")) {
                shown.getStylesheets().add(LoadingThreadsBenchmark.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
            }
            stage.setScene(shown);
            stage.show();
            return stage.getScene();
        });
        int batches = (events + batch - 1) / batch;
        double[] millis = new double[batches];
        for (int i = 0; i < batches; i++) {
            List<Event> part = all.subList(i * batch, Math.min(events, (i + 1) * batch));
            millis[i] = fx(() -> {
                long start = cpu.getCurrentThreadCpuTime();
                model.append(part);
                scene.getRoot().applyCss();
                scene.getRoot().layout();
                return (cpu.getCurrentThreadCpuTime() - start) / 1e6;
            });
            Thread.sleep(50);
        }
        double[] sorted = millis.clone();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "%,d events over %,d threads in %d batches of %,d: FX CPU per batch median %.1f ms,"
                        + " last %.1f ms, max %.1f ms, all batches %.0f ms%n", events, threads, batches, batch,
                sorted[batches / 2], millis[batches - 1], sorted[batches - 1], Arrays.stream(millis).sum());
        Platform.exit();
    }

    /**
     * Events over {@code threads} threads as a benchmark run logs them: sessions one after the other, four at a time
     * interleaved, each session's events together, so that a batch touches the few sessions running then.
     */
    private static List<Event> events(int threads, int count) {
        Random random = new Random(11);
        List<String> ids = new ArrayList<>(threads);
        for (int i = 0; i < threads; i++) {
            ids.add(new UUID(random.nextLong(), random.nextLong()) + ":s" + (1 + i % 3));
        }
        int perThread = Math.max(1, count / threads);
        TraceBuilder b = new TraceBuilder();
        for (int i = 0; i < count; i++) {
            int running = Math.min(threads - 1, i / perThread);
            String thread = ids.get(Math.max(0, running - random.nextInt(4)));
            b.add("MSG", "", thread, SourceRef.line("threads.log", i + 1), "line " + i, new Payload.Unparsed(false, "line " + i));
        }
        return b.build(new ImportReport("threads.log", "test", 0, count, count, count, 0, Map.of(), List.of(), 0, true)).events();
    }

    private static <T> T fx(java.util.concurrent.Callable<T> work) throws Exception {
        FutureTask<T> task = new FutureTask<>(work);
        Platform.runLater(task);
        return task.get();
    }
}
