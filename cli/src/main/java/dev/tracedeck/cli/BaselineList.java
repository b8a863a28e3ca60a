package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.workspace.NamedBaseline;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tracedeck baseline list}: the baselines the workspace keeps by name, with when and by whom each was written. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"List the baselines the workspace keeps by name (baseline write --name): each one's name, how many "
                + "findings it knows, when it was written and, in a workspace shared on PostgreSQL, by whom.",
            "Exit 0, or 2."})
final class BaselineList implements Callable<Integer> {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Option(names = "--json", description = "Print a JSON array: [{name, findings, writtenAt, author}].")
    private boolean json;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String command = "tracedeck baseline list";
        if (workspace.disabled()) {
            err.println(TerminalText.line(command + ": named baselines live in a workspace; drop --no-workspace"));
            return ExitCodes.USAGE;
        }
        Optional<WorkspaceStore> store = workspace.openForReading(err, command);
        if (store.isEmpty()) {
            return ExitCodes.USAGE;
        }
        try {
            List<NamedBaseline> baselines = store.get().baselines();
            out.print(json ? json(baselines) : text(baselines));
            out.flush();
            return ExitCodes.OK;
        } catch (WorkspaceException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
            return ExitCodes.USAGE;
        } finally {
            WorkspaceOption.closeQuietly(store.get(), err, command);
        }
    }

    /** A line a baseline: name, findings, when, and by whom where recorded. */
    private static String text(List<NamedBaseline> baselines) {
        if (baselines.isEmpty()) {
            return "no baselines kept in this workspace (tracedeck baseline write --name NAME TRACE... keeps one)"
                    + System.lineSeparator();
        }
        int width = baselines.stream().mapToInt(b -> b.name().length()).max().orElse(1);
        StringBuilder s = new StringBuilder();
        for (NamedBaseline b : baselines) {
            s.append(String.format("%-" + width + "s  %6d finding%s  %s%s%n", b.name(), b.findings(), b.findings() == 1 ? " " : "s",
                    b.writtenAt().truncatedTo(ChronoUnit.SECONDS),
                    b.author().map(a -> "  by " + TerminalText.line(a)).orElse("")));
        }
        return s.toString();
    }

    private static String json(List<NamedBaseline> baselines) {
        ArrayNode array = MAPPER.createArrayNode();
        for (NamedBaseline b : baselines) {
            ObjectNode node = array.addObject().put("name", b.name()).put("findings", b.findings())
                    .put("writtenAt", b.writtenAt().toString());
            if (b.author().isPresent()) {
                node.put("author", b.author().get());
            } else {
                node.putNull("author");
            }
        }
        try {
            return MAPPER.writeValueAsString(array) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
