package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.tracedeck.engine.tasks.TaskExecutor;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.workspace.IndexState;
import dev.tracedeck.workspace.IndexingListener;
import dev.tracedeck.workspace.SearchHit;
import dev.tracedeck.workspace.UnindexedFile;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tracedeck search [--json] QUERY}: full-text search over every trace in the workspace. Recording leaves the
 * index to the first search, which indexes the files recorded since the last one before it searches (each read again
 * once); {@code --no-index} searches what is indexed. Which recorded files it did not search, and why, it says on stderr.
 */
@Command(name = "search", mixinStandardHelpOptions = true,
        description = {"Search the messages, tool names and tool arguments of every trace in the workspace.",
            "SQLite FTS5 syntax: words, \"a phrase\", prefix*, AND OR NOT, tools:add_entry, args:..., content:.... "
                + "First indexes the files recorded since the last search (each is read again once). "
                + "Prints each hit's file, line, thread and event seq.",
            "Exit 0 (with or without hits), 2 for a bad query."})
public final class SearchCommand implements Callable<Integer> {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String NAME = "tracedeck search";

    @Parameters(arity = "1..*", paramLabel = "QUERY", description = "The query; several words are joined with spaces.")
    private List<String> query;

    @Option(names = "--json", description = "Print a JSON array of {file, thread, seq, line, snippet}.")
    private boolean json;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "200", description = "At most N hits (default: ${DEFAULT-VALUE}).")
    private int limit;

    @Option(names = "--no-index", description = "Search only what is indexed: don't index the files recorded since the last search first.")
    private boolean noIndex;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (workspace.disabled()) {
            err.println(TerminalText.line(NAME + ": searches a workspace; drop --no-workspace"));
            return ExitCodes.USAGE;
        }
        if (limit < 1) {
            err.println(TerminalText.line(NAME + ": --limit must be at least 1"));
            return ExitCodes.USAGE;
        }
        Optional<WorkspaceStore> store = workspace.openToSearch(err, NAME);
        if (store.isEmpty()) {
            return ExitCodes.USAGE;
        }
        try {
            Map<String, String> why = new LinkedHashMap<>();
            // A query the index can't read is said before any file is indexed for it: asked of the index as it
            // stands, it fails the same way, at no cost.
            store.get().search(String.join(" ", query), 1);
            if (!noIndex && !store.get().readOnly()) {
                for (UnindexedFile left : store.get().indexPending(Importers.standard(), new Progress(err),
                        TaskExecutor.shared().ownThreads("tracedeck-hash"))) {
                    left.reason().ifPresent(reason -> why.put(left.path(), reason));
                }
            }
            List<SearchHit> hits = store.get().search(String.join(" ", query), limit);
            out.print(json ? json(hits) : text(hits));
            out.flush();
            List<UnindexedFile> unindexed = store.get().unindexedFiles();
            List<String> tooMuchText = unindexed.stream().filter(f -> f.state() == IndexState.TOO_MUCH_TEXT).map(UnindexedFile::path).toList();
            if (!tooMuchText.isEmpty()) {
                err.println(TerminalText.line(NAME + ": not searched, " + notIndexed(tooMuchText.size()) + ": "
                        + String.join(", ", tooMuchText)));
            }
            List<String> notYet = unindexed.stream().filter(f -> f.state() == IndexState.NOT_YET).map(UnindexedFile::path).toList();
            if (!notYet.isEmpty()) {
                err.println(TerminalText.line(NAME + ": not searched, " + notYet(notYet, why, store.get().readOnly())));
            }
            err.flush();
            return ExitCodes.OK;
        } catch (WorkspaceException e) {
            err.println(TerminalText.line(NAME + ": " + e.getMessage()));
            return ExitCodes.USAGE;
        } finally {
            WorkspaceOption.closeQuietly(store.get(), err, NAME);
        }
    }

    /** Why some recorded files are not in the index, and how to put them in. */
    static String notIndexed(int files) {
        return (files == 1 ? "1 recorded file has" : files + " recorded files have") + " more message text than the index "
                + "takes from one file (" + WorkspaceStore.indexLimitMiB() + " MiB; search with TRACEDECK_JAVA_OPTS="
                + "-Dtracedeck.indexLimitMiB=N to index it)";
    }

    /** The recorded files not indexed yet: why each was not indexed now, and what indexes them. */
    private String notYet(List<String> files, Map<String, String> why, boolean readOnly) {
        String list = files.stream().map(f -> why.containsKey(f) ? f + " (" + why.get(f) + ")" : f).collect(Collectors.joining(", "));
        String them = files.size() == 1 ? "it" : "them";
        String how = noIndex ? "; a search without --no-index indexes " + them
                : readOnly ? "; the workspace is read-only, so this search could not index " + them
                : why.values().stream().anyMatch(r -> r.startsWith("changed")) ? "; inspect or validate a changed file again to record it as it is now"
                : "";
        return (files.size() == 1 ? "1 recorded file" : files.size() + " recorded files") + " not indexed yet: " + list + how;
    }

    /** Says on stderr which file is being indexed, and how far its reading has got on a terminal. */
    private static final class Progress implements IndexingListener {

        private final PrintWriter err;
        private ConsoleProgress reading;

        Progress(PrintWriter err) {
            this.err = err;
        }

        @Override
        public ImportListener reading(String path, int index, int count) {
            err.println(TerminalText.line(NAME + ": indexing " + path + " (" + index + " of " + count + " recorded since the last search)"));
            err.flush();
            reading = ConsoleProgress.forTerminal(path);
            return reading;
        }

        @Override
        public void doneReading(String path) {
            if (reading != null) {
                reading.done();
            }
        }
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
