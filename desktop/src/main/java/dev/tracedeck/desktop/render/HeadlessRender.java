package dev.tracedeck.desktop.render;

import dev.tracedeck.analysis.align.Alignment;
import dev.tracedeck.desktop.align.AlignView;
import dev.tracedeck.desktop.align.AlignViewModel;
import dev.tracedeck.analysis.compare.TraceComparison;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.common.ViewPicture;
import dev.tracedeck.desktop.compare.CompareView;
import dev.tracedeck.desktop.findings.FindingsView;
import dev.tracedeck.desktop.shape.StateShapeView;
import dev.tracedeck.desktop.tabs.CenterView;
import dev.tracedeck.desktop.tabs.LoadedTrace;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.desktop.timeline.TimelineView;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * Draws one view of one or two traces to a PNG with the app's own views and styles, off screen: the FX toolkit
 * runs on Monocle's headless glass with the software renderer (the launcher sets them), so no display, no Xvfb
 * and no GTK are needed. Imports and checks have run before; everything here runs synchronously on the FX thread.
 */
public final class HeadlessRender {

    private static final long TIMEOUT_SECONDS = 120;

    private HeadlessRender() {
    }

    /** @param traces the imported files, in the request's order */
    public static void render(RenderRequest request, List<Trace> traces, Validator validator) throws Exception {
        draw(request, () -> view(request, traces, validator));
    }

    /** {@code --view align}: the first task of {@code alignment}, its tree open whole. */
    public static void render(RenderRequest request, Alignment alignment) throws Exception {
        draw(request, () -> alignView(alignment));
    }

    /** The aligned runs' view as a picture shows it: nothing to press, the first task's tree open whole. */
    static Parent alignView(Alignment alignment) {
        AlignViewModel model = new AlignViewModel(null, null, new SyncTaskRunner());
        model.show(alignment);
        AlignView view = new AlignView(model, () -> { }, () -> { }, () -> { });
        view.forPicture();
        return view;
    }

    private static void draw(RenderRequest request, java.util.function.Supplier<Parent> build) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        // Throwable: an OutOfMemoryError on the FX thread would otherwise go to its uncaught handler and the picture,
        // never written, would pass for drawn.
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                Scene scene = new Scene(build.get(), request.width(), request.height());
                scene.getStylesheets().setAll(List.of(sheet("tokens-" + request.theme() + ".css"), sheet("app.css")));
                layOut(scene, request);
                ViewPicture.write(scene.getRoot(), request.scale(), request.out());
            } catch (Exception | Error e) {
                failure.set(e);
            } finally {
                done.countDown();
            }
        });
        if (!done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("drawing took longer than " + TIMEOUT_SECONDS + " s");
        }
        Platform.exit();
        Throwable failed = failure.get();
        if (failed instanceof Error error) {
            throw error;
        }
        if (failed != null) {
            throw (Exception) failed;
        }
    }

    /**
     * Lays the view out at the size asked for, then at the height its content takes: a shape shorter than that is not
     * padded, and a comparison grows to show every rule (a picture can't be scrolled); a timeline, a run tree, a
     * transcript, a cost ledger and memory lanes are always as tall as asked, being as long as the trace.
     */
    static void layOut(Scene scene, RenderRequest request) {
        Parent root = scene.getRoot();
        // CSS and layout once for the scene, a second time for what the first pass created (tables, flows).
        settle(root);
        if (root instanceof CompareView compare) {
            compare.fitRulesToRows();
        }
        // Grown, a picture still has at most MAX_PIXELS.
        double tallest = Math.floor(RenderRequest.MAX_PIXELS / (request.width() * request.scale() * request.scale()));
        double tall = Math.min(tallest, Math.ceil(root.prefHeight(request.width())));
        boolean grows = root instanceof CompareView;
        boolean asTallAsAsked = List.of("timeline", "tree", "transcript", "cost", "memory", "align").contains(request.view());
        if (!asTallAsAsked && (tall < request.height() || grows && tall > request.height())) {
            root.resize(request.width(), tall);
            settle(root);
        }
    }

    private static void settle(Parent root) {
        for (int pass = 0; pass < 2; pass++) {
            root.applyCss();
            root.layout();
        }
    }

    static Parent view(RenderRequest request, List<Trace> traces, Validator validator) {
        if (request.view().equals("compare")) {
            Trace before = traces.get(0);
            Trace after = traces.get(1);
            CompareView view = new CompareView(TraceComparison.of(before, validator.validate(before), after, validator.validate(after)));
            // The shapes at most as tall as the picture asked for; the rules below them, all of them.
            view.showWhole(request.height());
            return view;
        }
        Trace trace = traces.get(0);
        LoadedTrace loaded = LoadedTrace.toShow(trace);
        SyncTaskRunner sync = new SyncTaskRunner();
        TraceViewModel model = new TraceViewModel(loaded, sync, sync, validator::validate, validator.config().parameters());
        model.startChecks();
        request.thread().ifPresent(wanted -> select(model, wanted));
        Optional<Event> at = request.at().flatMap(seq -> trace.events().stream().filter(e -> e.seq() == seq).findFirst());
        return switch (request.view()) {
            case "shape" -> {
                StateShapeView view = new StateShapeView(model.shape());
                view.hideControls();
                model.showCenter(CenterView.STATE);
                // Opening a file selects its first finding; a picture shows the state at --at, else at the end.
                model.shape().showEvent(at.orElse(null));
                yield view;
            }
            case "checklist" -> new FindingsView(model.findings(), () -> { }, () -> { });
            case "timeline" -> {
                TimelineView view = new TimelineView(model.timeline());
                at.ifPresent(model.timeline().selection()::reveal);
                yield view;
            }
            case "tree" -> {
                dev.tracedeck.desktop.tree.RunTreeView view = new dev.tracedeck.desktop.tree.RunTreeView(model.runTree());
                view.forPicture();
                model.showCenter(CenterView.TREE);
                // Opening a file selects its first finding; a picture shows the run from its top, or --at's node.
                at.ifPresentOrElse(model.runTree()::showEvent, model.runTree()::clearSelection);
                yield view;
            }
            case "transcript" -> {
                dev.tracedeck.desktop.transcript.TranscriptView view =
                        new dev.tracedeck.desktop.transcript.TranscriptView(model.transcript());
                view.forPicture();
                model.showCenter(CenterView.TRANSCRIPT);
                at.ifPresentOrElse(model.transcript()::showEvent, model.transcript()::clearSelection);
                yield view;
            }
            case "cost" -> {
                dev.tracedeck.desktop.cost.CostView view = new dev.tracedeck.desktop.cost.CostView(model.cost());
                view.forPicture();
                model.showCenter(CenterView.COST);
                // Opening a file selects its first finding; a picture shows the ledger from its top, or --at's call.
                at.ifPresentOrElse(model.cost()::showEvent, model.cost()::clearSelection);
                yield view;
            }
            case "memory" -> {
                dev.tracedeck.desktop.memory.MemoryView view = new dev.tracedeck.desktop.memory.MemoryView(model.memory());
                view.forPicture();
                model.showCenter(CenterView.MEMORY);
                // Opening a file selects its first finding; a picture shows --at's operation, else the one that shows most.
                at.ifPresentOrElse(model.memory()::showEvent, model.memory()::showcase);
                yield view;
            }
            default -> throw new IllegalArgumentException("no view '" + request.view() + "'; views: " + RenderRequest.VIEWS);
        };
    }

    private static void select(TraceViewModel model, String wanted) {
        List<ThreadSummary> rows = model.threads().threads();
        ThreadSummary match = rows.stream().filter(r -> r.threadId().filter(wanted::equals).isPresent()).findFirst()
                .orElseGet(() -> {
                    List<ThreadSummary> partial = rows.stream().filter(r -> r.threadId().filter(id -> id.contains(wanted)).isPresent()).toList();
                    if (partial.size() != 1) {
                        throw new IllegalArgumentException(partial.isEmpty() ? "no thread '" + wanted + "'"
                                : partial.size() + " threads' ids hold '" + wanted + "'; give more of the id");
                    }
                    return partial.get(0);
                });
        model.threads().select(match);
    }

    static String sheet(String name) {
        return HeadlessRender.class.getResource("/dev/tracedeck/desktop/" + name).toExternalForm();
    }
}
