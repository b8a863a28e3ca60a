package dev.tracedeck.cli;

import dev.tracedeck.analysis.tokens.ModelProfiles;
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

/** {@code tracedeck tokens [--json] [--model NAME] [--context-limit N] FILE...}: each thread's context in tokens. */
@Command(name = "tokens", mixinStandardHelpOptions = true,
        description = {"Count each thread's context in tokens, against the model's context window.",
            "Its final history, how it grew, by category, and its share of the window.",
            "Exit 0 on success, 2 for usage errors or a file that can't be read."})
public final class TokensCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to count (.log .jsonl .json, optionally .gz; a Claude Code project folder; - for standard input).")
    private List<Path> files;

    @Mixin
    private final ParseTextCallsOption parseTextCalls = new ParseTextCallsOption();

    @Option(names = "--json", description = "Print a JSON array, one object per file.")
    private boolean json;

    @Mixin
    private ModelChoiceOptions modelChoice;

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
        Optional<ModelProfiles> profiles = modelChoice.profiles(err, "tracedeck tokens");
        if (profiles.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<Importers> importers = inputFormat.importers(err, "tracedeck tokens");
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<WorkspaceRecording> recording = WorkspaceRecording.open(workspace, err, "tracedeck tokens");
        if (recording.isEmpty()) {
            return ExitCodes.USAGE;
        }
        List<TokensReport.FileTokens> counted = new ArrayList<>();
        boolean ok;
        try (WorkspaceRecording recorded = recording.get()) {
            ok = recorded.readEach(InputFiles.distinct(files, err, "tracedeck tokens"), importers.get(), parseTextCalls.lifting(),
                    trace -> counted.add(TokensReport.count(trace, modelChoice.choose(trace, profiles.get()))));
        }
        int code = ok ? ExitCodes.OK : ExitCodes.USAGE;
        out.print(json ? TokensReport.json(counted) : TokensReport.text(counted));
        out.flush();
        return code;
    }
}
