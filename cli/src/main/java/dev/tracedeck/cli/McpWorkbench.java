package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.cost.CostGroups;
import dev.tracedeck.analysis.cost.CostLedger;
import dev.tracedeck.analysis.cost.Prices;
import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.analysis.tokens.ModelChoice;
import dev.tracedeck.analysis.tokens.ModelProfiles;
import dev.tracedeck.cli.cost.CostReport;
import dev.tracedeck.cli.mcp.ToolFailure;
import dev.tracedeck.cli.mcp.Workbench;
import dev.tracedeck.engine.tasks.TaskExecutor;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import dev.tracedeck.workspace.IndexingListener;
import dev.tracedeck.workspace.RunFinding;
import dev.tracedeck.workspace.SearchHit;
import dev.tracedeck.workspace.TriageMark;
import dev.tracedeck.workspace.TriageStatus;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The MCP server's tools on the commands' own code paths: a file is checked by {@link FileChecks} and recorded as
 * validate records it, read by the importers the options chose, costed by {@link CostReport}, counted by
 * {@link TokensReport}; the workspace is opened per call as the commands open it (runs and search for reading, triage
 * for writing). An agent pages through one file at a time, so the last file read and the last file checked are kept
 * while the file is unchanged on disk (same real path, size and modification time); a folder is read afresh each time.
 */
final class McpWorkbench implements Workbench {

    private static final String NAME = "tracedeck mcp";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final WorkspaceOption workspace;
    private final Importers importers;
    private final TextCallLifting lifting;
    private final Validator validator;

    private Kept<Trace> lastRead;
    private Kept<Checked> lastChecked;

    /** A file as it was on disk when it was read. */
    private record Identity(Path real, long size, FileTime modified) {
    }

    private record Kept<T>(Identity identity, T value) {
    }

    McpWorkbench(WorkspaceOption workspace, Importers importers, TextCallLifting lifting, Validator validator) {
        this.workspace = workspace;
        this.importers = importers;
        this.lifting = lifting;
        this.validator = validator;
    }

    @Override
    public synchronized Checked validate(String path) {
        Path file = existing(path);
        Optional<Identity> identity = identity(file);
        if (identity.isPresent() && lastChecked != null && lastChecked.identity().equals(identity.get())) {
            return lastChecked.value();
        }
        StringWriter said = new StringWriter();
        PrintWriter err = new PrintWriter(said);
        try (WorkspaceOpening opening = WorkspaceOpening.start(workspace, err, NAME)) {
            Optional<FileChecks.Checked> checked = new FileChecks(FileChecks.Reading.IMPORT, importers, lifting, validator,
                    opening, err, NAME).check(file);
            if (checked.isEmpty()) {
                throw failure(said, NAME + ": " + path + " could not be checked");
            }
            Checked result = new Checked(checked.get().validation(), checked.get().fingerprints());
            lastChecked = identity.map(id -> new Kept<>(id, result)).orElse(null);
            return result;
        }
    }

    @Override
    public synchronized Trace trace(String path) {
        Path file = existing(path);
        Optional<Identity> identity = identity(file);
        if (identity.isPresent() && lastRead != null && lastRead.identity().equals(identity.get())) {
            return lastRead.value();
        }
        lastRead = null; // let the collector have the last file before the next one is read
        try {
            Trace trace = lifting.apply(importers.read(InputFiles.source(file), ImportListener.NONE));
            lastRead = identity.map(id -> new Kept<>(id, trace)).orElse(null);
            return trace;
        } catch (ImportException e) {
            throw new ToolFailure(TerminalText.line(NAME + ": " + e.getMessage()));
        }
    }

    @Override
    public List<ObjectNode> runs() {
        return reading("list_runs", store -> {
            List<ObjectNode> rows = new ArrayList<>();
            store.runs().forEach(r -> rows.add(RunsCommand.row(r)));
            return rows;
        });
    }

    @Override
    public List<SearchHit> search(String query, int limit) {
        noWorkspace("search");
        StringWriter said = new StringWriter();
        PrintWriter err = new PrintWriter(said);
        WorkspaceStore store = workspace.openToSearch(err, NAME).orElseThrow(() -> failure(said, NAME + ": no workspace"));
        try {
            // As search does: a query the index can't read fails before anything is indexed for it.
            store.search(query, 1);
            if (!store.readOnly()) {
                store.indexPending(importers, IndexingListener.NONE, TaskExecutor.shared().ownThreads("tracedeck-hash"));
            }
            return store.search(query, limit);
        } catch (WorkspaceException e) {
            throw new ToolFailure(TerminalText.line("search: " + e.getMessage()));
        } finally {
            WorkspaceOption.closeQuietly(store, err, NAME);
        }
    }

    @Override
    public JsonNode cost(List<String> paths, String by) {
        CostGroups.By grouping;
        try {
            grouping = CostGroups.By.valueOf(by);
        } catch (IllegalArgumentException e) {
            throw new ToolFailure("cost: by must be model, thread, agent or call (it was " + by + ")");
        }
        StringWriter said = new StringWriter();
        Prices prices = PricesCommand.load(Optional.empty(), new PrintWriter(said), NAME)
                .orElseThrow(() -> failure(said, NAME + ": the price tables could not be read"));
        List<Trace> traces = new ArrayList<>();
        for (String path : paths) {
            traces.add(trace(path));
        }
        return parse(CostReport.json(traces, CostLedger.of(traces, prices), grouping));
    }

    @Override
    public JsonNode contextLevels(String path, List<String> threads, Optional<String> model, Optional<Integer> contextLimit) {
        Trace trace = trace(path);
        ModelChoice choice = ModelChoice.of(trace, model.orElse(null), contextLimit.orElse(null), ModelProfiles.defaults());
        Set<String> named = Set.copyOf(threads);
        List<TraceThread> these = trace.threads().stream().filter(t -> named.contains(t.id())).toList();
        return parse(TokensReport.json(List.of(TokensReport.count(trace, these, choice)))).get(0);
    }

    @Override
    public List<RunFinding> findingsOf(String path) {
        Path file;
        try {
            file = Path.of(path);
        } catch (InvalidPathException e) {
            throw new ToolFailure(TerminalText.line(NAME + ": " + path + " is not a path (" + e.getReason() + ")"));
        }
        return reading("list_marks", store -> {
            if (!store.isRecorded(file)) {
                throw new ToolFailure(TerminalText.line("list_marks: " + path + " is not recorded in the workspace "
                        + store.address() + " (validate it first)"));
            }
            return store.findingsOf(file);
        });
    }

    @Override
    public History triageHistory(String fingerprint) {
        return reading("triage_history", store -> {
            StringWriter said = new StringWriter();
            String full = TriageCommand.expand(store, fingerprint, new PrintWriter(said))
                    .orElseThrow(() -> failure(said, "triage_history: no such finding"));
            return new History(full, store.triageHistory(full));
        });
    }

    @Override
    public String triage(String fingerprint, String status, String note) {
        noWorkspace("triage");
        boolean clear = status.equals("clear");
        Optional<TriageStatus> parsed = TriageStatus.parse(status);
        if (!clear && parsed.isEmpty()) {
            throw new ToolFailure("triage: unknown status " + status + "; one of confirmed, false-positive, accepted, or clear");
        }
        StringWriter said = new StringWriter();
        PrintWriter err = new PrintWriter(said);
        WorkspaceStore store = workspace.open(err, NAME).orElseThrow(() -> failure(said, NAME + ": no workspace"));
        try {
            String full = TriageCommand.expand(store, fingerprint, err).orElseThrow(() -> failure(said, "triage: no such finding"));
            if (clear) {
                return full + (store.unmark(full) ? "  cleared" : "  had no mark");
            }
            TriageMark mark = store.mark(full, parsed.get(), note);
            return mark.fingerprint() + "  " + mark.status().id() + "  " + mark.markedAt();
        } catch (WorkspaceException e) {
            throw new ToolFailure(TerminalText.line("triage: " + e.getMessage()));
        } finally {
            WorkspaceOption.closeQuietly(store, err, NAME);
        }
    }

    /** {@code read} over the workspace opened for reading, closed after. */
    private <T> T reading(String tool, WorkspaceRead<T> read) {
        noWorkspace(tool);
        StringWriter said = new StringWriter();
        PrintWriter err = new PrintWriter(said);
        WorkspaceStore store = workspace.openForReading(err, NAME).orElseThrow(() -> failure(said, NAME + ": no workspace"));
        try {
            return read.apply(store);
        } catch (WorkspaceException e) {
            throw new ToolFailure(TerminalText.line(tool + ": " + e.getMessage()));
        } finally {
            WorkspaceOption.closeQuietly(store, err, NAME);
        }
    }

    @FunctionalInterface
    private interface WorkspaceRead<T> {
        T apply(WorkspaceStore store) throws WorkspaceException;
    }

    private void noWorkspace(String tool) {
        if (workspace.disabled()) {
            throw new ToolFailure(tool + ": the server was started with --no-workspace, so there is no workspace to use");
        }
    }

    /**
     * The file {@code path} names, which must exist: standard input ({@code -}) carries the protocol here, and a
     * missing file is said by its name.
     */
    private static Path existing(String path) {
        if (path.equals(InputFiles.STDIN)) {
            throw new ToolFailure(NAME + ": standard input carries the protocol here; give a file's path");
        }
        Path file;
        try {
            file = Path.of(path);
        } catch (InvalidPathException e) {
            throw new ToolFailure(TerminalText.line(NAME + ": " + path + " is not a path (" + e.getReason() + ")"));
        }
        if (!Files.exists(file)) {
            throw new ToolFailure(TerminalText.line(NAME + ": " + path + ": no such file"));
        }
        return file;
    }

    /** A regular file's identity on disk; empty for a folder (its files can grow unseen) or what can't be read. */
    private static Optional<Identity> identity(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                return Optional.empty();
            }
            return Optional.of(new Identity(file.toRealPath(), attributes.size(), attributes.lastModifiedTime()));
        } catch (IOException e) {
            return Optional.empty(); // reading it says what is wrong
        }
    }

    /** What the command's code said on its error stream, as the tool's failure (or {@code otherwise} if nothing). */
    private static ToolFailure failure(StringWriter said, String otherwise) {
        String text = said.toString().strip();
        return new ToolFailure(TerminalText.line(text.isEmpty() ? otherwise : String.join("; ", text.lines().toList())));
    }

    private static JsonNode parse(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report Tracedeck wrote is not JSON", e);
        }
    }
}
