package dev.tracedeck.desktop.bench;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.analysis.run.RunTree;
import dev.tracedeck.analysis.run.RunTreeBuilder;
import dev.tracedeck.analysis.run.RunWords;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.tree.RunTreeView;
import dev.tracedeck.desktop.tree.RunTreeViewModel;
import dev.tracedeck.desktop.tree.TreeOutline;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

/**
 * The run tree at scale, in a real window: an OTLP JSON Lines file of a million spans (a hundred traces, each an agent
 * of a thousand steps, each step a model call and eight tool calls, one tool call in fifty failing) is imported and
 * checked, its tree built off the FX thread, then what a user does to it is timed on the FX thread, CSS and layout
 * included (median of several rounds): the first rows shown, a run of a thousand steps opened, a finding's node
 * revealed deep in a closed tree and scrolled to. Each against its baseline in the same run: a bare table of
 * integers doing the same — showing its first rows, taking the same rows in, scrolling to the same row — the least a
 * virtualized table costs.
 *
 * <pre>java -cp … dev.tracedeck.desktop.bench.RunTreeBenchmark FILE [SPANS=1000000]</pre>
 *
 * FILE is written first when missing (deterministic: the same count gives the same bytes).
 */
public final class RunTreeBenchmark {

    private static final int ROUNDS = 5;
    private static final int STEPS = 1_000;
    private static final int TOOLS = 8;

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: RunTreeBenchmark FILE [SPANS=1000000]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        long spans = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000L;
        if (!Files.exists(file)) {
            long t = System.nanoTime();
            write(file, spans);
            System.out.printf(Locale.ROOT, "wrote %s: %,d bytes in %.1f s%n", file, Files.size(file), seconds(t));
        }
        long t = System.nanoTime();
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        double importSeconds = seconds(t);
        t = System.nanoTime();
        List<Finding> findings = new Validator(RuleConfig.DEFAULT).validate(trace).findings();
        double checkSeconds = seconds(t);
        t = System.nanoTime();
        RunWords words = RunWords.of(trace);
        RunTree tree = RunTreeBuilder.build(trace, words, () -> false);
        double buildSeconds = seconds(t);
        System.out.printf(Locale.ROOT, "%s: %,d bytes, %,d events, %,d findings; import %.1f s, checks %.1f s%n",
                file.getFileName(), Files.size(file), trace.events().size(), findings.size(), importSeconds, checkSeconds);
        System.out.printf(Locale.ROOT, "run tree: %,d nodes (%,d roots) built off the FX thread in %.2f s, heap used %,d MiB%n",
                tree.size(), tree.rootCount(), buildSeconds, usedMiB());
        Event target = findings.isEmpty() ? lastFailed(trace, tree) : findings.get(findings.size() - 1).evidence().get(0);
        System.out.printf(Locale.ROOT, "jumping to %s (event %,d, node depth %d)%n",
                findings.isEmpty() ? "the last failed span (the checks found nothing)" : "the last finding's evidence",
                target.seq(), tree.depth(tree.nodeOf(target.seq())));

        Platform.startup(() -> { });
        Stage stage = onFx(() -> {
            Stage s = new Stage();
            s.setScene(new Scene(new javafx.scene.layout.Pane(), 1280, 720));
            s.getScene().getStylesheets().setAll(sheet("tokens-light.css"), sheet("app.css"));
            s.show();
            return s;
        });
        int biggest = 0;
        for (int r = 0; r < tree.rootCount(); r++) {
            biggest = Math.max(biggest, tree.childCount(tree.root(r)));
        }
        long[] first = new long[ROUNDS];
        long[] firstBare = new long[ROUNDS];
        long[] open = new long[ROUNDS];
        long[] openBare = new long[ROUNDS];
        long[] jump = new long[ROUNDS];
        long[] jumpBare = new long[ROUNDS];
        RunTreeViewModel model = new RunTreeViewModel(trace, new SyncTaskRunner(), () -> findings, e -> { });
        // Built here as the background build would, and handed over: only showing it is the FX thread's.
        onFx(() -> {
            model.setActive(true);
            return null;
        });
        int targetNode = tree.nodeOf(target.seq());
        for (int round = 0; round < ROUNDS; round++) {
            first[round] = timedOnFx(() -> {
                RunTreeView view = new RunTreeView(model);
                stage.getScene().setRoot(view);
                settle(view);
            });
            TreeOutline outline = model.outline();
            int rowsBefore = onFx(outline::size);
            open[round] = timedOnFx(() -> {
                model.toggle(0);
                settle(stage.getScene().getRoot());
            });
            int rowsOpen = onFx(outline::size);
            onFx(() -> {
                model.toggle(0);
                return null;
            });
            jump[round] = timedOnFx(() -> {
                model.showEvent(target);
                settle(stage.getScene().getRoot());
            });
            int rowsAfterJump = onFx(outline::size);
            int targetRow = onFx(() -> model.selectedRowProperty().get());
            onFx(() -> {
                // Closed again for the next round: the run the finding is in.
                model.outline().collapse(model.outline().rowOf(model.outline().tree().rootOf(targetNode)));
                return null;
            });

            TableView<Integer> bare = onFx(RunTreeBenchmark::bareTable);
            firstBare[round] = timedOnFx(() -> {
                bare.setItems(range(rowsBefore));
                stage.getScene().setRoot(bare);
                settle(bare);
            });
            openBare[round] = timedOnFx(() -> {
                bare.setItems(range(rowsOpen));
                settle(bare);
            });
            ObservableList<Integer> jumped = onFx(() -> range(rowsAfterJump));
            jumpBare[round] = timedOnFx(() -> {
                bare.setItems(jumped);
                bare.getSelectionModel().clearAndSelect(targetRow);
                bare.scrollTo(Math.max(0, targetRow - 3));
                settle(bare);
            });
            if (round == 0) {
                System.out.printf(Locale.ROOT, "rows: %,d first, %,d once a run is opened (the largest run: %,d steps), "
                        + "%,d once the finding is revealed (row %,d)%n", rowsBefore, rowsOpen, biggest, rowsAfterJump, targetRow);
            }
        }
        onFx(() -> {
            stage.close();
            return null;
        });
        System.out.println();
        System.out.println("| on the FX thread, CSS and layout included | run tree (median) | baseline: a bare table (median) | ratio |");
        System.out.println("|---|---|---|---|");
        row("first rows shown", first, firstBare);
        row("open a run of " + String.format(Locale.ROOT, "%,d", biggest) + " steps", open, openBare);
        row("jump to a finding deep in the closed tree", jump, jumpBare);
        Platform.exit();
    }

    private static void row(String what, long[] tree, long[] bare) {
        double a = median(tree);
        double b = median(bare);
        System.out.printf(Locale.ROOT, "| %s | %.1f ms | %.1f ms | %.2f× |%n", what, a, b, a / b);
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }

    private static ObservableList<Integer> range(int n) {
        Integer[] rows = new Integer[n];
        for (int i = 0; i < n; i++) {
            rows[i] = i;
        }
        return FXCollections.observableArrayList(rows);
    }

    private static TableView<Integer> bareTable() {
        TableView<Integer> table = new TableView<>();
        table.setFixedCellSize(24);
        for (String name : List.of("Name", "Status", "Tokens", "Findings", "Time")) {
            TableColumn<Integer, String> column = new TableColumn<>(name);
            column.setCellValueFactory(c -> new javafx.beans.property.ReadOnlyStringWrapper(name + " " + c.getValue()));
            table.getColumns().add(column);
        }
        return table;
    }

    private static Event lastFailed(Trace trace, RunTree tree) {
        for (int seq = trace.events().size() - 1; seq >= 0; seq--) {
            if (tree.failed(tree.nodeOf(seq))) {
                return trace.event(seq);
            }
        }
        return trace.event(trace.events().size() - 1);
    }

    private static void settle(Parent root) {
        root.applyCss();
        root.layout();
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
        return RunTreeBenchmark.class.getResource("/dev/tracedeck/desktop/" + name).toExternalForm();
    }

    private static long usedMiB() {
        Runtime r = Runtime.getRuntime();
        System.gc();
        return (r.totalMemory() - r.freeMemory()) >> 20;
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    /** A hundred traces or so, one OTLP request a line: an agent span, its steps, each a model call and eight tools. */
    static void write(Path file, long spans) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        long perTrace = 1 + STEPS * (2L + TOOLS);
        long traces = Math.max(1, spans / perTrace);
        long start = 1_767_261_600_000_000_000L;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (long tr = 0; tr < traces; tr++) {
                String traceId = String.format(Locale.ROOT, "%032x", tr + 1);
                long t0 = start + tr * 3_600_000_000_000L;
                out.write("{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":"
                        + "{\"stringValue\":\"bench-agent\"}}]},\"scopeSpans\":[{\"scope\":{\"name\":\"bench\"},\"spans\":[");
                long id = tr * perTrace * 2 + 1;
                String root = span(id);
                out.write(spanJson(traceId, root, "", "invoke_agent bench_agent", 1, t0, t0 + STEPS * 2_000_000_000L,
                        "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"invoke_agent\"}}", false));
                for (int s = 0; s < STEPS; s++) {
                    long ts = t0 + s * 2_000_000_000L;
                    String step = span(++id);
                    out.write(",");
                    out.write(spanJson(traceId, step, root, "agent step " + s, 1, ts, ts + 1_900_000_000L, "", false));
                    out.write(",");
                    out.write(spanJson(traceId, span(++id), step, "chat gpt-4o-mini", 3, ts, ts + 900_000_000L,
                            "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}},{\"key\":\"gen_ai.request.model\","
                                    + "\"value\":{\"stringValue\":\"gpt-4o-mini\"}},{\"key\":\"gen_ai.usage.input_tokens\",\"value\":"
                                    + "{\"intValue\":\"" + (1000 + s) + "\"}},{\"key\":\"gen_ai.usage.output_tokens\",\"value\":{\"intValue\":\"40\"}}",
                            false));
                    for (int k = 0; k < TOOLS; k++) {
                        long tk = ts + 900_000_000L + k * 100_000_000L;
                        out.write(",");
                        out.write(spanJson(traceId, span(++id), step, "execute_tool tool_" + k, 1, tk, tk + 90_000_000L,
                                "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"execute_tool\"}},"
                                        + "{\"key\":\"gen_ai.tool.name\",\"value\":{\"stringValue\":\"tool_" + k + "\"}}",
                                (s * TOOLS + k) % 50 == 49));
                    }
                }
                out.write("]}]}]}\n");
            }
        }
    }

    private static String span(long id) {
        return String.format(Locale.ROOT, "%016x", id);
    }

    private static String spanJson(String traceId, String spanId, String parent, String name, int kind, long start, long end,
                                   String attributes, boolean failed) {
        return "{\"traceId\":\"" + traceId + "\",\"spanId\":\"" + spanId + "\"" + (parent.isEmpty() ? "" : ",\"parentSpanId\":\""
                + parent + "\"") + ",\"name\":\"" + name + "\",\"kind\":" + kind + ",\"startTimeUnixNano\":\"" + start
                + "\",\"endTimeUnixNano\":\"" + end + "\",\"attributes\":[" + attributes + "],\"status\":{\"code\":"
                + (failed ? "2,\"message\":\"tool failed\"" : "1") + "}}";
    }
}
