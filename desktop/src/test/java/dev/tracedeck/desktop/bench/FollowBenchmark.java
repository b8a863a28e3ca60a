package dev.tracedeck.desktop.bench;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.FxTaskRunner;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.findings.FindingsSummary;
import dev.tracedeck.desktop.follow.LiveDocuments;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import dev.tracedeck.desktop.window.MainWindow;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * What following a growing file costs the window: the first {@code START_MB} of SOURCE are copied to a fresh file,
 * opened in the desktop window (1280×720) and followed (View ▸ Follow); then SOURCE's next {@code STEP_KB} are
 * appended, whole lines, every step, and the FX thread's time for each reading is taken: showing it (the follower's
 * own measure, from the reading's arrival to the views updated) plus the CSS and layout pass of the pulse that draws it
 * next (timed from the scene's pre- to its post-layout pulse listener). Also the FX thread's CPU time per step, its idle
 * rate subtracted. It runs against whatever the classpath's app is, so the same class measures the window before and
 * after a change.
 *
 * <pre>java -cp … dev.tracedeck.desktop.bench.FollowBenchmark SOURCE [START_MB=28] [STEP_KB=64] [STEPS=20]</pre>
 *
 * Needs a display (xvfb-run -a -s "-screen 0 1280x720x24").
 */
public final class FollowBenchmark {

    /** Long enough after a step's events are shown for the pulses that draw them. */
    private static final long SETTLE_MILLIS = 600;
    /** How long the FX thread's idle rate is measured before each step. */
    private static final long IDLE_MILLIS = 1500;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final RandomAccessFile source;
    private final Path followed;
    private long fxThread;
    private OpenFilesViewModel openFiles;
    private MainWindow window;
    private TraceDocument document;
    /** Set on the FX thread: the events shown at the last pulse, and the layout time of the first pulse after a reading. */
    private int eventsAtLastPulse;
    private long pulseStarted;
    private final ThreadMXBean fxClock = ManagementFactory.getThreadMXBean();
    private volatile double layoutAfterReading;

    private FollowBenchmark(Path source, Path followed) throws IOException {
        this.source = new RandomAccessFile(source.toFile(), "r");
        this.followed = followed;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 4) {
            System.err.println("usage: FollowBenchmark SOURCE [START_MB=28] [STEP_KB=64] [STEPS=20]");
            System.exit(2);
        }
        Path source = Path.of(args[0]);
        long start = (long) (args.length > 1 ? Double.parseDouble(args[1]) * 1024 * 1024 : 28L * 1024 * 1024);
        int step = args.length > 2 ? Integer.parseInt(args[2]) * 1024 : 64 * 1024;
        int steps = args.length > 3 ? Integer.parseInt(args[3]) : 20;
        Path dir = Files.createTempDirectory("tracedeck-follow-bench");
        Path followed = dir.resolve("followed" + name(source));
        FollowBenchmark bench = new FollowBenchmark(source, followed);
        try {
            bench.run(start, step, steps);
        } finally {
            Files.deleteIfExists(followed);
            Files.deleteIfExists(dir);
            Platform.exit();
        }
    }

    private static String name(Path source) {
        String file = source.getFileName().toString();
        return file.contains(".") ? file.substring(file.lastIndexOf('.')) : "";
    }

    private void run(long start, int step, int steps) throws Exception {
        long at = append(0, start);
        Platform.startup(() -> { });
        fxThread = fx(() -> Thread.currentThread().getId());
        fx(() -> {
            NoticesViewModel notices = new NoticesViewModel();
            openFiles = new OpenFilesViewModel(Importers.standard(), new FxTaskRunner("bench-import", 2),
                    new FxTaskRunner("bench-query", 1), new Validator(RuleConfig.DEFAULT), notices,
                    new ErrorBoundary(notices, Platform::runLater));
            Stage stage = new Stage();
            window = new MainWindow(stage, openFiles);
            window.show();
            stage.setWidth(1280);
            stage.setHeight(720);
            openFiles.open(List.of(followed));
            return null;
        });
        long opened = System.nanoTime();
        document = fx(() -> openFiles.getSelected());
        waitFor(() -> document.isReady()
                && document.getContent().findings().summaryProperty().get().state() != FindingsSummary.State.CHECKING);
        System.out.printf(Locale.ROOT, "opened %s: %,d bytes, %,d events, in %.1f s%n", followed, Files.size(followed),
                fx(() -> events(document)), (System.nanoTime() - opened) / 1e9);

        Thread.sleep(2000);
        System.out.printf(Locale.ROOT, "idle, not following: %.3f ms of FX CPU per second%n", idleCost(3000) * 1000);
        // The user looks at an event near the end, the timeline scrolled to its last rows, as one does watching a run.
        fx(() -> {
            List<Event> rows = document.getContent().timeline().table().rows();
            document.getContent().timeline().selection().select(rows.get(Math.max(0, rows.size() - 5)));
            return null;
        });
        LiveDocuments live = window.live();
        fx(() -> {
            live.follow(document, true);
            return null;
        });
        // The first look reads the file from its start: let it go by before measuring, and the two seconds a reading
        // whose last record is cut short (a state dump half written) is held back for the rest of it.
        waitFor(() -> looks(live, document) >= 1 && !looking(live, document));
        Thread.sleep(4000);

        fx(() -> {
            eventsAtLastPulse = events(document);
            window.scene().addPreLayoutPulseListener(() -> pulseStarted = fxClock.getCurrentThreadCpuTime());
            window.scene().addPostLayoutPulseListener(() -> {
                int now = events(document);
                if (now != eventsAtLastPulse) {
                    eventsAtLastPulse = now;
                    layoutAfterReading = (fxClock.getCurrentThreadCpuTime() - pulseStarted) / 1e6;
                }
            });
            return null;
        });
        double idlePerMilli = idleCost(3000);
        System.out.printf(Locale.ROOT, "idle, following: %.3f ms of FX CPU per second%n", idlePerMilli * 1000);
        double[] costs = new double[steps];
        double[] shows = new double[steps];
        double[] layouts = new double[steps];
        for (int i = 0; i < steps; i++) {
            // The idle rate just before: the machine's load drifts.
            idlePerMilli = idleCost(IDLE_MILLIS);
            int before = fx(() -> events(document));
            int looksBefore = fx(() -> looks(live, document));
            long cpu = fxCpu();
            long began = System.nanoTime();
            at = append(at, step);
            waitFor(() -> events(document) > before && looks(live, document) > looksBefore && !looking(live, document));
            Thread.sleep(SETTLE_MILLIS);
            double wall = (System.nanoTime() - began) / 1e6;
            double spent = (fxCpu() - cpu) / 1e6;
            double idle = idlePerMilli * wall;
            costs[i] = spent - idle;
            shows[i] = fx(() -> showMillis(live, document));
            layouts[i] = layoutAfterReading;
            int now = fx(() -> events(document));
            System.out.printf(Locale.ROOT, "step %2d: %,d bytes, %,d events (+%,d): showing the reading %.1f ms + its layout"
                    + " pulse %.1f ms = %.1f ms; FX CPU over the step %.1f ms, %.1f ms more than idle%n",
                    i + 1, at, now, now - before, shows[i], layouts[i], shows[i] + layouts[i], spent, costs[i]);
        }
        fx(() -> {
            live.follow(document, false);
            return null;
        });
        Thread.sleep(1000);
        System.out.printf(Locale.ROOT, "idle, following no more: %.3f ms of FX CPU per second%n", idleCost(3000) * 1000);
        double[] fxTime = new double[steps];
        Arrays.setAll(fxTime, i -> shows[i] + layouts[i]);
        System.out.printf(Locale.ROOT, "FX time per reading (showing it + its layout pulse): median %.1f ms, max %.1f ms"
                + " (showing it: median %.1f ms; layout: median %.1f ms); FX CPU per step, idle subtracted: median %.1f ms%n",
                median(fxTime), Arrays.stream(fxTime).max().orElse(0), median(shows), median(layouts), median(costs));
    }

    /** The FX thread's CPU per millisecond while nothing changes (a look a few times a second finds nothing new). */
    private double idleCost(long millis) throws Exception {
        long cpu = fxCpu();
        long began = System.nanoTime();
        Thread.sleep(millis);
        return (fxCpu() - cpu) / 1e6 / ((System.nanoTime() - began) / 1e6);
    }

    /** Appends SOURCE's bytes from {@code from} on, {@code count} of them and on to the end of the line; returns the new end. */
    private long append(long from, long count) throws IOException {
        long end = Math.min(source.length(), from + count);
        source.seek(end);
        while (end < source.length() && source.read() != '\n') {
            end++;
        }
        end = Math.min(source.length(), end + 1);
        byte[] bytes = new byte[(int) (end - from)];
        source.seek(from);
        source.readFully(bytes);
        Files.write(followed, bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return end;
    }

    private long fxCpu() {
        return threads.getThreadCpuTime(fxThread);
    }

    private static int events(TraceDocument document) {
        if (document == null || !document.isReady()) {
            return 0;
        }
        return document.getContent().loaded().trace().events().size();
    }

    // The follower is the window's own; the benchmark reads its counters as they are, in whichever version it measures.

    private static Object follower(LiveDocuments live, TraceDocument document) {
        return ((Map<?, ?>) field(live, "followers")).get(document);
    }

    private static int looks(LiveDocuments live, TraceDocument document) {
        return (Integer) field(follower(live, document), "looks");
    }

    private static boolean looking(LiveDocuments live, TraceDocument document) {
        return (Boolean) field(follower(live, document), "looking");
    }

    private static double showMillis(LiveDocuments live, TraceDocument document) {
        return (Double) field(follower(live, document), "showMillis");
    }

    private static Object field(Object owner, String name) {
        try {
            Field field = owner.getClass().getDeclaredField(name);
            field.setAccessible(true);
            return field.get(owner);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no field " + name + " in " + owner.getClass(), e);
        }
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        FutureTask<T> task = new FutureTask<>(work);
        Platform.runLater(task);
        return task.get();
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (!fx(condition)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("gave up waiting");
            }
            Thread.sleep(20);
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length == 0 ? 0 : sorted[sorted.length / 2];
    }
}
