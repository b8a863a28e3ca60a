package dev.tracedeck.cli;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.importers.registry.Importers;
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

/** {@code tracedeck textcalls [--json] FILE...}: every tool call the model wrote as text, and whether it ran. */
@Command(name = "textcalls", mixinStandardHelpOptions = true,
        description = {"List the tool calls the model wrote as text, and whether anything ran them.",
            "Where, in which format, with what arguments and how sure.",
            "Reads the AI entries of state dumps and, except in Mycelian logs, assistant messages.",
            "Exit 0 on success, 2 when a file can't be read."})
public final class TextCallsCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to read (.log .jsonl .json, optionally .gz; a Claude Code project folder; - for standard input).")
    private List<Path> files;

    @Option(names = "--json", description = "Print a JSON array, one object per text call.")
    private boolean json;

    @Mixin
    private InputFormatOption inputFormat;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<Importers> importers = inputFormat.importers(err, "tracedeck textcalls");
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<WorkspaceRecording> recording = WorkspaceRecording.open(workspace, err, "tracedeck textcalls");
        if (recording.isEmpty()) {
            return ExitCodes.USAGE;
        }
        List<TextCallsReport.FileCalls> found = new ArrayList<>();
        boolean ok;
        try (WorkspaceRecording recorded = recording.get()) {
            // The calls as the model wrote them: lifting them into structured calls would leave nothing to find.
            ok = recorded.readEach(files, importers.get(), TextCallLifting.OFF, trace -> found.add(TextCallsReport.find(trace)));
        }
        int code = ok ? ExitCodes.OK : ExitCodes.USAGE;
        out.print(json ? TextCallsReport.json(found) : TextCallsReport.text(found));
        out.flush();
        return code;
    }
}
