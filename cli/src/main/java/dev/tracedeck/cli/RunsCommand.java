package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.workspace.FileStatus;
import dev.tracedeck.workspace.IndexState;
import dev.tracedeck.workspace.RunRecord;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tracedeck runs [--json]}: every trace the workspace holds, and whether its file changed or moved since. */
@Command(name = "runs", mixinStandardHelpOptions = true,
        description = {"List the traces recorded in the workspace, most recent first, with their findings.",
            "Every file inspect and validate read, and whether it changed or moved since.",
            "Exit 0, or 2 when the workspace can't be opened."})
public final class RunsCommand implements Callable<Integer> {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Option(names = "--json", description = "Print a JSON array, one object per trace.")
    private boolean json;

    @Option(names = "--opened-by", paramLabel = "USER",
            description = "Only the traces USER opened (a workspace shared on PostgreSQL records who opened each).")
    private String openedBy;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (workspace.disabled()) {
            err.println(TerminalText.line("tracedeck runs: lists a workspace; drop --no-workspace"));
            return ExitCodes.USAGE;
        }
        Optional<WorkspaceStore> store = workspace.openForReading(err, "tracedeck runs");
        if (store.isEmpty()) {
            return ExitCodes.USAGE;
        }
        try {
            List<RunRecord> runs = openedBy == null ? store.get().runs() : store.get().runsOpenedBy(openedBy);
            boolean authors = store.get().recordsAuthors();
            out.print(json ? json(runs, authors) : text(runs, authors));
            out.flush();
            return ExitCodes.OK;
        } catch (WorkspaceException e) {
            err.println(TerminalText.line("tracedeck runs: " + e.getMessage()));
            return ExitCodes.USAGE;
        } finally {
            WorkspaceOption.closeQuietly(store.get(), err, "tracedeck runs");
        }
    }

    static String json(List<RunRecord> runs) {
        return json(runs, false);
    }

    /** With {@code authors}, each trace says who opened it ({@code openedBy}, the last one first). */
    static String json(List<RunRecord> runs, boolean authors) {
        ArrayNode array = MAPPER.createArrayNode();
        for (RunRecord r : runs) {
            ObjectNode node = row(r);
            if (authors) {
                ArrayNode by = node.putArray("openedBy");
                r.openedBy().forEach(by::add);
            }
            array.add(node);
        }
        try {
            return MAPPER.writeValueAsString(array) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One trace as {@code --json} lists it (and the MCP server's list_runs). */
    static ObjectNode row(RunRecord r) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("path", r.file().path());
        node.put("format", r.format());
        if (r.file().hashed()) {
            node.put("sha256", r.file().sha256());
        } else {
            node.putNull("sha256");
        }
        node.put("size", r.file().size());
        node.put("records", r.records());
        node.put("threads", r.threads());
        node.put("otherRecords", r.otherRecords());
        node.put("malformedRecords", r.malformedRecords());
        optional(node, "errors", r.errors());
        optional(node, "warnings", r.warnings());
        ObjectNode rules = node.putObject("rules");
        r.ruleCounts().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey()).forEach(e ->
                rules.putObject(e.getKey()).put("errors", e.getValue().errors()).put("warnings", e.getValue().warnings()));
        node.put("firstOpened", r.firstOpened().toString());
        node.put("lastOpened", r.lastOpened().toString());
        node.put("status", r.status().id());
        node.put("changed", r.status() == FileStatus.CHANGED);
        node.put("moved", r.status() == FileStatus.MOVED || r.status() == FileStatus.MISSING);
        if (r.movedTo().isPresent()) {
            node.put("movedTo", r.movedTo().get());
        }
        node.put("indexed", r.indexed());
        node.put("index", r.index().id());
        return node;
    }

    private static void optional(ObjectNode node, String field, OptionalLong value) {
        if (value.isPresent()) {
            node.put(field, value.getAsLong());
        } else {
            node.putNull(field);
        }
    }

    static String text(List<RunRecord> runs) {
        return text(runs, false);
    }

    /** With {@code authors}, a line under each trace says who opened it, the last one first. */
    static String text(List<RunRecord> runs, boolean authors) {
        if (runs.isEmpty()) {
            return "no traces recorded yet (inspect or validate a file to record it)" + System.lineSeparator();
        }
        StringBuilder out = new StringBuilder();
        // The format column is as wide as its widest name, so a long one (openai-responses) never shifts the rest.
        int formatWidth = runs.stream().mapToInt(r -> TerminalText.line(r.format()).length()).max().orElse(0);
        String row = "%-9s %6s %8s %7s  %-" + Math.max("format".length(), formatWidth) + "s %-20s %s%n";
        out.append(String.format(row, "on disk", "errors", "warnings", "threads", "format", "last opened", "path"));
        for (RunRecord r : runs) {
            String status = r.status() == FileStatus.UNCHANGED ? "ok" : r.status().id();
            out.append(String.format(row, status, count(r.errors()), count(r.warnings()), r.threads(), TerminalText.line(r.format()),
                    r.lastOpened().toString().replace('T', ' ').replaceAll("\\.\\d+", "").replace("Z", ""), TerminalText.line(r.file().path())));
            r.movedTo().ifPresent(to -> out.append(String.format("%-9s %s%n", "", "  now at " + TerminalText.line(to))));
            if (authors && !r.openedBy().isEmpty()) {
                out.append(String.format("%-9s %s%n", "", "  opened by " + TerminalText.line(String.join(", ", r.openedBy()))));
            }
        }
        out.append("(errors and warnings as of the last validate; - when only inspected)").append(System.lineSeparator());
        long notYet = runs.stream().filter(r -> r.index() == IndexState.NOT_YET).count();
        if (notYet > 0) {
            out.append("(").append(notYet == 1 ? "1 file" : notYet + " files")
                    .append(" not in the search index yet: the next search indexes ").append(notYet == 1 ? "it" : "them").append(")").append(System.lineSeparator());
        }
        return TerminalText.block(out.toString());
    }

    private static String count(OptionalLong value) {
        return value.isPresent() ? Long.toString(value.getAsLong()) : "-";
    }
}
