package dev.tracedeck.cli;

import dev.tracedeck.analysis.prune.PruneContext;
import dev.tracedeck.analysis.prune.PruneResult;
import dev.tracedeck.analysis.prune.PruneStrategy;
import dev.tracedeck.analysis.prune.Pruner;
import dev.tracedeck.analysis.prune.StrategyParser;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.tokens.ModelChoice;
import dev.tracedeck.analysis.tokens.ModelProfile;
import dev.tracedeck.analysis.tokens.ModelProfiles;
import dev.tracedeck.analysis.tokens.PromptTokens;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.recorded.ThreadRequest;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck prune --strategy S... [--thread ID] [--at SEQ] FILE}: a strategy tried on a thread's real history. */
@Command(name = "prune", mixinStandardHelpOptions = true,
        description = {"Try prune strategies on a thread's history and show what they keep.",
            "Prints the history before and after, its tokens, what was removed or changed, and the pairing rules' "
                + "findings on the result (those the strategy introduced marked).",
            "Strategies, with the defaults of arguments left out: none, keep_last_n_steps(n=5), "
                + "prune_old_observations(keep_last_n=5, max_length=100), sliding_window(messages=50), "
                + "token_budget(trigger=0.8, target=0.5), truncate_tool_outputs(max_chars=10000), separate_execution_trace, "
                + "repair_orphans. Several --strategy options apply in order.",
            "Exit 0 on success, 2 for usage errors or a file that can't be read."})
public final class PruneCommand implements Callable<Integer> {

    private static final String NAME = "tracedeck prune";

    @Parameters(arity = "1", paramLabel = "FILE", description = "The file to read (.log .jsonl .json, optionally .gz; - for standard input).")
    private Path file;

    @Mixin
    private final ParseTextCallsOption parseTextCalls = new ParseTextCallsOption();

    @Option(names = "--strategy", required = true, paramLabel = "STRATEGY",
            description = "A strategy with its arguments, e.g. 'keep_last_n_steps(5)'; repeat to compose, applied in order.")
    private List<String> strategies;

    @Option(names = "--thread", paramLabel = "ID",
            description = "The thread (its id, or a part of it that only one thread's id holds); needed when several have a history.")
    private String thread;

    @Option(names = "--at", paramLabel = "SEQ",
            description = "The history at the last state dump (or message) at or before event SEQ; default: the thread's last.")
    private Integer at;

    @Mixin
    private ModelChoiceOptions modelChoice;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text (default) or json.")
    private String format;

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
        if (!format.equals("text") && !format.equals("json")) {
            return usage(err, "--format must be text or json, not '" + format + "'");
        }
        PruneStrategy strategy;
        try {
            strategy = StrategyParser.parseAll(strategies);
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        Optional<ModelProfiles> profiles = modelChoice.profiles(err, NAME);
        if (profiles.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<Importers> importers = inputFormat.importers(err, NAME);
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<WorkspaceRecording> recording = WorkspaceRecording.open(workspace, err, NAME);
        if (recording.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Trace trace;
        ConsoleProgress progress = ConsoleProgress.forTerminal(file.toString());
        try (WorkspaceRecording recorded = recording.get()) {
            trace = parseTextCalls.lifting().apply(importers.get().read(InputFiles.source(file), progress));
            progress.done();
            if (!recorded.record(file, trace, Optional.empty())) {
                return ExitCodes.USAGE;
            }
        } catch (ImportException e) {
            return usage(err, e.getMessage());
        } finally {
            progress.done();
        }
        ThreadChoice choice = ThreadChoice.of(trace, thread);
        if (choice.thread().isEmpty()) {
            return usage(err, file + ": " + choice.problem());
        }
        TraceThread chosen = choice.thread().get();
        Optional<ThreadHistory> history = at == null ? ThreadHistory.last(chosen) : ThreadHistory.atOrBefore(chosen, at);
        if (history.isEmpty()) {
            List<dev.tracedeck.model.event.Event> points = ThreadHistory.points(chosen);
            return usage(err, file + ": thread " + chosen.id() + (points.isEmpty() ? " has no history"
                    : " has no history at or before event " + at + " (its first is at event " + points.get(0).seq() + ")"));
        }
        ModelChoice profile = modelChoice.choose(trace, profiles.get());
        ModelProfile p = profile.profile();
        PruneContext context = new PruneContext(new PromptTokens(p.format().orElse(ModelProfile.ESTIMATE_FORMAT)),
                p.contextLimit(), ThreadRequest.tools(chosen.events()));
        PruneResult result = new Pruner(context).run(history.get().history(), strategy, history.get().linesById());
        PruneReport report = new PruneReport(trace, chosen, history.get(), profile, context, result);
        out.print(format.equals("json") ? report.json() : report.text());
        out.flush();
        return ExitCodes.OK;
    }

    private static int usage(PrintWriter err, String message) {
        err.println(TerminalText.line(NAME + ": " + message));
        err.flush();
        return ExitCodes.USAGE;
    }
}
