package dev.tracedeck.cli;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.cli.mcp.TracedeckServer;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.ToolVersion;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tracedeck mcp [--allow-writes]}: the Model Context Protocol server an agent starts to ask Tracedeck. */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        description = {"Answer an AI agent's questions about traces as a Model Context Protocol (MCP) server on standard input and output.",
            "Tools: list_runs, search, list_marks, triage_history, validate, list_threads, read_thread, read_event, cost "
                + "and context_levels; triage "
                + "with --allow-writes. Each answer is a page of rows (offset, limit, nextOffset) with long text cut and "
                + "its length said.",
            "Register it with the agent, e.g. claude mcp add tracedeck -- tracedeck mcp. Standard output carries only the "
                + "protocol; messages go to standard error.",
            "Exit 0 when the client ends the session, 2 for usage errors."})
public final class McpCommand implements Callable<Integer> {

    private static final String NAME = "tracedeck mcp";

    @Option(names = "--allow-writes", description = "List the triage tool, which marks findings in the workspace "
            + "(confirmed, false-positive, accepted): a person's judgement, so off unless given.")
    private boolean allowWrites;

    @Mixin
    private final ParseTextCallsOption parseTextCalls = new ParseTextCallsOption();

    @Mixin
    private RuleConfigOption config;

    @Mixin
    private InputFormatOption inputFormat;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        Optional<RuleConfig> rules = config.read(err, NAME);
        if (rules.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<Importers> importers = inputFormat.importers(err, NAME);
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        McpWorkbench workbench = new McpWorkbench(workspace, importers.get(), parseTextCalls.lifting(), new Validator(rules.get()));
        // Standard output is the protocol's: whatever else would print there (a library's notice) goes to stderr.
        PrintStream protocol = System.out;
        System.setOut(System.err);
        try {
            new TracedeckServer(workbench, allowWrites, ToolVersion.get()).serve(System.in, protocol);
        } finally {
            protocol.flush();
            System.setOut(protocol);
        }
        return ExitCodes.OK;
    }
}
