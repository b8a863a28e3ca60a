package dev.tracedeck.cli;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.memory.MemoryTimeline;
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

/** {@code tracedeck memory [--json] FILE...}: every tool call the model wrote as text, and whether it ran. */
@Command(name = "memory", mixinStandardHelpOptions = true,
        description = {"List each memory the trace keeps and every operation on it, in order.",
            "Reads Letta core-memory blocks, Mycelian entries and context, memory files and the todo list.",
            "Per operation: the event, line, tool, size before and after, and the change.",
            "Exit 0 on success, 2 when a file can't be read."})
public final class MemoryCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to read (.log .jsonl .json, optionally .gz; a Claude Code project folder; - for standard input).")
    private List<Path> files;

    @Option(names = "--json", description = "Print a JSON array, one object per file with its memories and their operations.")
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
        Optional<Importers> importers = inputFormat.importers(err, "tracedeck memory");
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<WorkspaceRecording> recording = WorkspaceRecording.open(workspace, err, "tracedeck memory");
        if (recording.isEmpty()) {
            return ExitCodes.USAGE;
        }
        List<MemoryReport.FileMemories> found = new ArrayList<>();
        boolean ok;
        try (WorkspaceRecording recorded = recording.get()) {
            // The calls as the log shows them: a call the model only wrote as text changed no memory.
            ok = recorded.readEach(files, importers.get(), TextCallLifting.OFF,
                    trace -> found.add(new MemoryReport.FileMemories(trace, MemoryTimeline.of(trace))));
        }
        int code = ok ? ExitCodes.OK : ExitCodes.USAGE;
        out.print(json ? MemoryReport.json(found) : MemoryReport.text(found));
        out.flush();
        return code;
    }
}
