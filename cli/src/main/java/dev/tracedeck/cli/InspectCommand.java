package dev.tracedeck.cli;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.engine.job.TraceJob;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
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

/** {@code tracedeck inspect [--json] FILE...}: what each file holds, headless. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Summarize logs: records by kind, threads, tool calls, state dumps.",
            "Exit 0 on success, 2 when a file can't be read."})
public final class InspectCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to inspect (.log .jsonl .json, optionally .gz; a Claude Code project folder; - for standard input).")
    private List<Path> files;

    @Mixin
    private final ParseTextCallsOption parseTextCalls = new ParseTextCallsOption();

    @Option(names = "--json", description = "Print a JSON array, one object per file.")
    private boolean json;

    @Mixin
    private InputFormatOption.AlsoFormat format;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<Importers> chosen = format.importers(err, "tracedeck inspect");
        if (chosen.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Importers importers = chosen.get();
        TextCallLifting lifting = parseTextCalls.lifting();
        List<Trace> traces = new ArrayList<>();
        int code = ExitCodes.OK;
        try (WorkspaceOpening opening = WorkspaceOpening.start(workspace, err, "tracedeck inspect")) {
            for (Path file : InputFiles.distinct(files, err, "tracedeck inspect")) {
                ConsoleProgress progress = ConsoleProgress.forTerminal(file.toString());
                try {
                    Trace trace = TraceJob.reading(lifting).read(TraceJob.Source.of(importers, InputFiles.source(file)), progress);
                    traces.add(trace);
                    if (!opening.disabled() && InputFiles.recordable(file, err, "tracedeck inspect")) {
                        Optional<WorkspaceStore> store = opening.store();
                        if (store.isEmpty()) {
                            return ExitCodes.USAGE;
                        }
                        store.get().record(file, trace, Optional.empty());
                    }
                } catch (ImportException | WorkspaceException e) {
                    err.println(TerminalText.line("tracedeck inspect: " + e.getMessage()));
                    code = ExitCodes.USAGE;
                } finally {
                    progress.done();
                }
            }
            if (opening.failed()) {
                return ExitCodes.USAGE;
            }
        }
        if (json) {
            InspectReport.json(traces, out);
        } else {
            out.print(InspectReport.text(traces));
        }
        out.flush();
        return code;
    }
}
