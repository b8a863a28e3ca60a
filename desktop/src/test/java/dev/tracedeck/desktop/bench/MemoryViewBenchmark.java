package dev.tracedeck.desktop.bench;

import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.memory.MemoryLanes;
import dev.tracedeck.desktop.memory.MemoryView;
import dev.tracedeck.desktop.memory.MemoryViewModel;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.stage.Stage;

/**
 * The Memory view on thousands of operations, in a real window: a Claude Code session of our own making whose agent
 * edits seven memory files and its todo list OPS times in all (each call answered) is imported, its memories read
 * off the FX thread, then the view is shown and a mark chosen, timed on the FX thread, CSS and layout included (median
 * of several rounds), with the heap the shown view holds. Each against its baseline in the same run: a canvas of the
 * window's size drawing as many dots, placed as the marks are — the least drawing them costs.
 *
 * <pre>java -cp … dev.tracedeck.desktop.bench.MemoryViewBenchmark FILE [OPS=10000]</pre>
 *
 * FILE is written first when missing (deterministic: the same count gives the same bytes).
 */
public final class MemoryViewBenchmark {

    private static final int ROUNDS = 5;
    private static final int FILES = 7;
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 720;

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: MemoryViewBenchmark FILE [OPS=10000]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        if (!Files.exists(file)) {
            write(file, ops);
        }
        long t = System.nanoTime();
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        System.out.printf(Locale.ROOT, "%s: %,d bytes, %,d events; import %.1f s%n", file.getFileName(),
                Files.size(file), trace.events().size(), (System.nanoTime() - t) / 1e9);

        Platform.startup(() -> { });
        Stage stage = onFx(() -> {
            Stage s = new Stage();
            s.setScene(new Scene(new Pane(), WIDTH, HEIGHT));
            s.getScene().getStylesheets().setAll(sheet("tokens-light.css"), sheet("app.css"));
            s.show();
            return s;
        });
        long[] shown = new long[ROUNDS];
        long[] shownBare = new long[ROUNDS];
        long[] chosen = new long[ROUNDS];
        long heapBefore = usedBytes();
        long heapShown = 0;
        int marks = 0;
        for (int round = 0; round < ROUNDS; round++) {
            // Read off the FX thread, as the background task does: only showing it is the FX thread's.
            MemoryViewModel model = new MemoryViewModel(trace, new SyncTaskRunner(), e -> { });
            onFx(() -> {
                model.setActive(true);
                return null;
            });
            marks = model.lanes().operations();
            clear(stage);
            shown[round] = timedOnFx(() -> {
                MemoryView view = new MemoryView(model);
                stage.getScene().setRoot(view);
                settle(view);
            });
            if (round == 0) {
                heapShown = usedBytes();
            }
            var lanes = model.lanes();
            var last = lanes.lanes().get(lanes.lanes().size() - 1);
            var mark = last.marks().get(last.marks().size() / 2);
            chosen[round] = timedOnFx(() -> {
                model.select(mark);
                settle(stage.getScene().getRoot());
            });
            int dots = marks;
            int rows = lanes.lanes().size();
            double[] at = lanes.lanes().stream().flatMap(l -> l.marks().stream()).mapToDouble(m -> m.at()).toArray();
            int[] lane = lanes.lanes().stream().flatMap(l -> l.marks().stream()).mapToInt(m -> m.lane()).toArray();
            clear(stage);
            shownBare[round] = timedOnFx(() -> {
                Canvas canvas = new Canvas(WIDTH, HEIGHT);
                GraphicsContext g = canvas.getGraphicsContext2D();
                g.setFill(Color.STEELBLUE);
                double w = WIDTH - 260;
                for (int i = 0; i < dots; i++) {
                    g.fillOval(250 + at[i] * w, 20 + lane[i] * (HEIGHT / 2.0 / rows), 9, 9);
                }
                Pane root = new Pane(canvas);
                stage.getScene().setRoot(root);
                settle(root);
            });
        }
        System.out.printf(Locale.ROOT, "%,d memories, %,d marks; heap used by the shown view %,d MiB%n",
                MemoryLanes.of(trace).lanes().size(), marks, (heapShown - heapBefore) >> 20);
        System.out.println();
        System.out.println("| on the FX thread, CSS and layout included | Memory view (median) | baseline: a canvas of as many dots (median) | ratio |");
        System.out.println("|---|---|---|---|");
        double a = median(shown);
        double b = median(shownBare);
        System.out.printf(Locale.ROOT, "| the lanes shown | %.1f ms | %.1f ms | %.2f× |%n", a, b, a / b);
        System.out.printf(Locale.ROOT, "| a mark chosen (its value and change shown) | %.1f ms | – | – |%n", median(chosen));
        System.out.flush();
        Platform.exit();
    }

    /** An empty root, so that what is timed next does not include taking the last one down. */
    private static void clear(Stage stage) throws InterruptedException {
        onFx(() -> {
            stage.getScene().setRoot(new Pane());
            return null;
        });
    }

    /** A Claude Code session: seven memory files written, then edited in turn with the todo list, OPS calls in all. */
    public static void write(Path file, int ops) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        String session = "5e1a0c3b-7d2f-4a69-8b14-0f9c2d7e6a31";
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            String parent = null;
            int uuid = 0;
            for (int i = 0; i < ops; i++) {
                String input;
                String tool;
                int f = i % (FILES + 1);
                String path = "/home/dev/proj/memory/notes-" + f + ".md";
                int round = i / (FILES + 1);
                if (f == FILES) {
                    tool = "TodoWrite";
                    input = "{\"todos\":[{\"content\":\"Step " + round + "\",\"status\":\"in_progress\",\"activeForm\":\"Doing step "
                            + round + "\"},{\"content\":\"Step " + (round + 1) + "\",\"status\":\"pending\",\"activeForm\":\"Doing step "
                            + (round + 1) + "\"}]}";
                } else if (round == 0) {
                    tool = "Write";
                    input = "{\"file_path\":\"" + path + "\",\"content\":\"# Notes " + f + "\\n\\nrevision: 0\\n\"}";
                } else {
                    tool = "Edit";
                    input = "{\"file_path\":\"" + path + "\",\"old_string\":\"revision: " + (round - 1)
                            + "\",\"new_string\":\"revision: " + round + "\"}";
                }
                String id = String.format(Locale.ROOT, "toolu_b%07d", i);
                String call = line(session, parent, ++uuid, i, "assistant", "{\"id\":\"msg_b" + i
                        + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-20250514\",\"content\":"
                        + "[{\"type\":\"tool_use\",\"id\":\"" + id + "\",\"name\":\"" + tool + "\",\"input\":" + input
                        + "}],\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":4,\"output_tokens\":40}}");
                out.write(call);
                parent = uuidOf(uuid);
                out.write(line(session, parent, ++uuid, i, "user", "{\"role\":\"user\",\"content\":[{\"tool_use_id\":\""
                        + id + "\",\"type\":\"tool_result\",\"content\":\"ok\"}]}"));
                parent = uuidOf(uuid);
            }
        }
    }

    private static String line(String session, String parent, int uuid, int i, String type, String message) {
        return "{\"parentUuid\":" + (parent == null ? "null" : "\"" + parent + "\"") + ",\"isSidechain\":false,"
                + "\"userType\":\"external\",\"cwd\":\"/home/dev/proj\",\"sessionId\":\"" + session + "\",\"version\":"
                + "\"1.0.83\",\"type\":\"" + type + "\",\"uuid\":\"" + uuidOf(uuid) + "\",\"timestamp\":\""
                + java.time.Instant.ofEpochSecond(1_756_000_000L + i).toString() + "\",\"message\":" + message + "}\n";
    }

    private static String uuidOf(int n) {
        return String.format(Locale.ROOT, "b%07d-0000-4000-8000-000000000000", n);
    }

    private static void settle(Parent root) {
        root.applyCss();
        root.layout();
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }

    private static long timedOnFx(Runnable work) throws InterruptedException {
        return onFx(() -> {
            long t = System.nanoTime();
            work.run();
            return System.nanoTime() - t;
        });
    }

    private static <T> T onFx(Supplier<T> work) throws InterruptedException {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                result.set(work.get());
            } catch (Throwable e) {
                failure.set(e);
            } finally {
                done.countDown();
            }
        });
        done.await();
        if (failure.get() != null) {
            throw new IllegalStateException(failure.get());
        }
        // The pulse after: what the change left for the next frame is drawn before the next round is timed.
        CountDownLatch pulse = new CountDownLatch(1);
        Platform.runLater(pulse::countDown);
        pulse.await();
        return result.get();
    }

    private static String sheet(String name) {
        return MemoryViewBenchmark.class.getResource("/dev/tracedeck/desktop/" + name).toExternalForm();
    }

    private static long usedBytes() {
        Runtime r = Runtime.getRuntime();
        System.gc();
        return r.totalMemory() - r.freeMemory();
    }
}
