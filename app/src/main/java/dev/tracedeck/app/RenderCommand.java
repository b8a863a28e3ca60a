package dev.tracedeck.app;

import dev.tracedeck.analysis.align.Alignment;
import dev.tracedeck.engine.align.AlignInputs;
import dev.tracedeck.engine.align.AlignReader;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.cli.ConsoleProgress;
import dev.tracedeck.cli.ExitCodes;
import dev.tracedeck.cli.InputFiles;
import dev.tracedeck.cli.InputFormatOption;
import dev.tracedeck.cli.InternalFailure;
import dev.tracedeck.cli.RuleConfigOption;
import dev.tracedeck.cli.WorkspaceOption;
import dev.tracedeck.cli.WorkspaceRecording;
import dev.tracedeck.desktop.render.HeadlessRender;
import dev.tracedeck.desktop.render.RenderRequest;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck render --view … --out FILE.png FILE...}: the app's pictures, drawn with no display at all. */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = {"Draw a view as a PNG with no display at all (no DISPLAY, no Xvfb, no GTK).",
            "For slides, the docs and CI artifacts. Views: shape (a thread's state), compare (BEFORE AFTER), "
                + "checklist (the findings), timeline, tree (the run's structure), transcript (the conversation), cost (what the"
                + " model calls cost, by model), memory (the memories the agent keeps, over time), align (runs of one task aligned: FILE... or a folder).",
            "Exit 0, or 2 for usage errors or a file that can't be read."})
public final class RenderCommand implements Callable<Integer> {

    private static final String NAME = "tracedeck render";
    /** The most pixels a picture may have (see {@link RenderRequest#MAX_PIXELS}). */
    static final long MAX_PIXELS = RenderRequest.MAX_PIXELS;

    @Option(names = "--view", required = true, paramLabel = "VIEW", description = "shape, compare, checklist, timeline, tree, transcript, cost, memory or align.")
    private String view;

    @Option(names = "--out", required = true, paramLabel = "FILE.png", description = "The picture to write.")
    private Path out;

    @Option(names = "--thread", paramLabel = "ID", description = "The thread to draw (its id, or a part only one id holds).")
    private String thread;

    @Option(names = "--at", paramLabel = "SEQ", description = "The event to show the state at, to scroll the timeline, tree, transcript or cost to, or whose memory operation to show.")
    private Integer at;

    @Option(names = "--theme", paramLabel = "THEME", defaultValue = "light", description = "light (default) or dark.")
    private String theme;

    @Option(names = "--scale", paramLabel = "N", defaultValue = "2", description = "1 to 4 (default 2).")
    private double scale;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "1280x720", description = "The view's size before scaling (default 1280x720).")
    private String size;

    @Mixin
    private RuleConfigOption config;

    @Mixin
    private InputFormatOption inputFormat;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "The trace; for compare, BEFORE and AFTER; for "
            + "align, the runs (files, or a folder of them).")
    private List<Path> files;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!RenderRequest.VIEWS.contains(view)) {
            return usage(err, "--view must be one of " + String.join(", ", RenderRequest.VIEWS) + ", not '" + view + "'");
        }
        if (!view.equals("align") && files.size() > 2) {
            return usage(err, view + " draws " + (view.equals("compare") ? "two files: BEFORE AFTER" : "one file"));
        }
        if (!view.equals("align") && view.equals("compare") != (files.size() == 2)) {
            return usage(err, view.equals("compare") ? "compare draws two files: BEFORE AFTER" : view + " draws one file");
        }
        if (!theme.equals("light") && !theme.equals("dark")) {
            return usage(err, "--theme must be light or dark");
        }
        if (!(scale >= 1 && scale <= 4)) {
            return usage(err, "--scale must be from 1 to 4");
        }
        if (!size.matches("\\d{2,5}x\\d{2,5}")) {
            return usage(err, "--size must be WIDTHxHEIGHT, e.g. 1280x720");
        }
        String[] wh = size.split("x");
        long pixels = Math.round(Integer.parseInt(wh[0]) * scale) * Math.round(Integer.parseInt(wh[1]) * scale);
        if (pixels > MAX_PIXELS) {
            return usage(err, String.format(java.util.Locale.ROOT, "--size %s at --scale %s is %,d pixels; a picture has at "
                    + "most %,d (e.g. 16384x16384, or 8192x8192 at --scale 2)", size, scaleText(), pixels, MAX_PIXELS));
        }
        if (!out.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".png")) {
            return usage(err, "--out must name a .png file");
        }
        try {
            Class.forName("javafx.application.Platform");
        } catch (ClassNotFoundException e) {
            return usage(err, "drawing needs JavaFX and Monocle; run it through the ./tracedeck launcher");
        }
        Optional<RuleConfig> rules = config.read(err, NAME);
        if (rules.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<Importers> importers = inputFormat.importers(err, NAME);
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Validator validator = new Validator(rules.get());
        Optional<WorkspaceRecording> recording = WorkspaceRecording.open(workspace, err, NAME);
        if (recording.isEmpty()) {
            return ExitCodes.USAGE;
        }
        RenderRequest request = new RenderRequest(view, files, out, Optional.ofNullable(thread), Optional.ofNullable(at), theme,
                scale, Integer.parseInt(wh[0]), Integer.parseInt(wh[1]));
        if (view.equals("align")) {
            return drawAlignment(err, importers.get(), validator, request);
        }
        List<Trace> traces = new ArrayList<>();
        try (WorkspaceRecording recorded = recording.get()) {
            for (Path file : files) {
                ConsoleProgress progress = ConsoleProgress.forTerminal(file.toString());
                try {
                    Trace trace = importers.get().read(InputFiles.source(file), progress);
                    traces.add(trace);
                    if (!recorded.record(file, trace, Optional.empty())) {
                        return ExitCodes.USAGE;
                    }
                } finally {
                    progress.done();
                }
            }
        } catch (ImportException e) {
            return usage(err, e.getMessage());
        }
        try {
            HeadlessRender.render(request, traces, validator);
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        } catch (OutOfMemoryError e) {
            return InternalFailure.report(err, NAME, out.toString(), e);
        } catch (Exception e) {
            return usage(err, out + ": could not draw the picture (" + e + ")");
        }
        // A picture not written is a failure, whatever the drawing said.
        if (!written(out)) {
            return usage(err, out + ": the picture was not written");
        }
        return ExitCodes.OK;
    }

    /** The runs read and aligned as {@code align} does (recorded nothing, as it), then their first task drawn. */
    private int drawAlignment(PrintWriter err, Importers importers, Validator validator, RenderRequest request) {
        Alignment alignment;
        try {
            AlignInputs inputs = AlignInputs.of(files);
            if (inputs.files().isEmpty()) {
                return usage(err, "no trace file in " + files);
            }
            alignment = new AlignReader(importers, validator).read(inputs.files(),
                    file -> ConsoleProgress.forTerminal(file.toString()), (file, trace) -> { });
        } catch (java.io.IOException | ImportException e) {
            return usage(err, e.getMessage());
        }
        try {
            HeadlessRender.render(request, alignment);
        } catch (OutOfMemoryError e) {
            return InternalFailure.report(err, NAME, out.toString(), e);
        } catch (Exception e) {
            return usage(err, out + ": could not draw the picture (" + e + ")");
        }
        return written(out) ? ExitCodes.OK : usage(err, out + ": the picture was not written");
    }

    private String scaleText() {
        return scale == Math.rint(scale) ? Long.toString((long) scale) : Double.toString(scale);
    }

    private static boolean written(Path file) {
        try {
            return Files.isRegularFile(file) && Files.size(file) > 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static int usage(PrintWriter err, String message) {
        err.println(TerminalText.line(NAME + ": " + message));
        err.flush();
        return ExitCodes.USAGE;
    }
}
