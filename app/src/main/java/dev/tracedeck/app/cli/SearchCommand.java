package dev.tracedeck.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.tracedeck.app.report.TerminalText;
import dev.tracedeck.workspace.SearchHit;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck search [--json] QUERY}: full-text search over every trace in the workspace. */
@Command(name = "search", mixinStandardHelpOptions = true,
        description = {"Search the messages, tool names and tool arguments of every trace in the workspace.",
            "SQLite FTS5 syntax: words, \"a phrase\", prefix*, AND OR NOT, tools:add_entry, args:..., content:.... "
                + "Prints each hit's file, line, thread and event seq.",
            "Exit 0 (with or without hits), 2 for a bad query."})
final class SearchCommand implements Callable<Integer> {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Parameters(arity = "1..*", paramLabel = "QUERY", description = "The query; several words are joined with spaces.")
    private List<String> query;

    @Option(names = "--json", description = "Print a JSON array of {file, thread, seq, line, snippet}.")
    private boolean json;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "200", description = "At most N hits (default: ${DEFAULT-VALUE}).")
    private int limit;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (workspace.disabled()) {
            err.println(TerminalText.line("tracedeck search: searches a workspace; drop --no-workspace"));
            return ExitCodes.USAGE;
        }
        if (limit < 1) {
            err.println(TerminalText.line("tracedeck search: --limit must be at least 1"));
            return ExitCodes.USAGE;
        }
        Optional<WorkspaceStore> store = workspace.openForReading(err, "tracedeck search");
        if (store.isEmpty()) {
            return ExitCodes.USAGE;
        }
        try {
            List<SearchHit> hits = store.get().search(String.join(" ", query), limit);
            out.print(json ? json(hits) : text(hits));
            out.flush();
            List<String> unindexed = store.get().unindexedFiles();
            if (!unindexed.isEmpty()) {
                err.println(TerminalText.line("tracedeck search: not searched, " + notIndexed(unindexed.size()) + ": "
                        + String.join(", ", unindexed)));
            }
            return ExitCodes.OK;
        } catch (WorkspaceException e) {
            err.println(TerminalText.line("tracedeck search: " + e.getMessage()));
            return ExitCodes.USAGE;
        } finally {
            WorkspaceOption.closeQuietly(store.get(), err, "tracedeck search");
        }
    }

    /** Why some recorded files are not in the index, and how to put them in. */
    static String notIndexed(int files) {
        return (files == 1 ? "1 recorded file has" : files + " recorded files have") + " more message text than the index "
                + "takes from one file (" + WorkspaceStore.indexLimitMiB() + " MiB; open it again with TRACEDECK_JAVA_OPTS="
                + "-Dtracedeck.indexLimitMiB=N to index it)";
    }

    private static String json(List<SearchHit> hits) {
        ArrayNode array = MAPPER.createArrayNode();
        for (SearchHit h : hits) {
            array.addObject().put("file", h.file()).put("thread", h.thread()).put("seq", h.seq()).put("line", h.line())
                    .put("snippet", h.snippet());
        }
        try {
            return MAPPER.writeValueAsString(array) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(List<SearchHit> hits) {
        StringBuilder out = new StringBuilder();
        for (SearchHit h : hits) {
            out.append(TerminalText.line(h.file())).append(':').append(h.line()).append("  ")
                    .append(h.thread().isEmpty() ? "(run)" : TerminalText.line(h.thread()))
                    .append("  seq ").append(h.seq()).append("  ").append(TerminalText.line(h.snippet())).append(System.lineSeparator());
        }
        out.append(hits.size() == 1 ? "1 hit" : hits.size() + " hits").append(System.lineSeparator());
        return TerminalText.block(out.toString());
    }
}
