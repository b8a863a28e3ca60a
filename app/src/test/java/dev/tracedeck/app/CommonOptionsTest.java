package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * One option, one meaning, over the whole command line (the window, every command and render): every command takes
 * {@code --no-workspace}, and says so where it records nothing anyway; every one that reads trace files takes the
 * input's format as {@code --input-format}; a {@code --format} the help shows names what the command prints, and the
 * one spelling of the input's format it doesn't show is the window's, inspect's and convert's.
 */
class CommonOptionsTest {

    /** The commands that read trace files, and the window. */
    private static final List<String> READING = List.of("tracedeck", "inspect", "validate", "watch", "convert", "tokens",
            "prune", "freeze", "compare", "align", "render", "textcalls", "memory", "baseline write", "cost", "mcp");

    @Test
    void everyCommandTakesNoWorkspaceAndThoseWithoutAWorkspaceSaySo() {
        Map<String, String> said = new TreeMap<>();
        for (CommandSpec command : commands()) {
            OptionSpec none = command.findOption("--no-workspace");
            String name = name(command);
            if (none == null) {
                said.put(name, "no --no-workspace");
            } else if (command.findOption("--workspace") == null) {
                said.put(name, String.join(" ", none.description()));
            }
        }
        String nothing = "Taken by every command; this one records nothing in a workspace and reads nothing from one.";
        assertEquals(Map.of("convert", nothing, "listen", nothing, "watch", nothing, "prices update", nothing,
                "prices reset", nothing, "align", nothing, "workspace copy",
                "Taken by every command; this one works on the two workspaces it names, FROM and TO."), said);
    }

    @Test
    void theInputsFormatIsInputFormatWhereverTraceFilesAreRead() {
        List<String> taking = new ArrayList<>();
        Map<String, String> format = new TreeMap<>();
        for (CommandSpec command : commands()) {
            if (command.findOption("--input-format") != null) {
                taking.add(name(command));
            }
            OptionSpec f = command.findOption("--format");
            if (f != null) {
                format.put(name(command), f.hidden() ? "the input's, hidden" : f.paramLabel());
            }
        }
        assertEquals(READING.stream().sorted().toList(), taking.stream().sorted().toList());
        assertEquals(Map.of("tracedeck", "the input's, hidden", "inspect", "the input's, hidden",
                "convert", "the input's, hidden", "validate", "FORMAT", "prune", "FORMAT", "compare", "FORMAT"), format);
    }

    /**
     * The root and every command under it but help, which only prints the others' help, and baseline, which only
     * holds its own commands.
     */
    private static List<CommandSpec> commands() {
        List<CommandSpec> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        return all;
    }

    private static void collect(CommandLine command, List<CommandSpec> all) {
        boolean group = command.getParent() != null && !command.getSubcommands().isEmpty();
        if (!(command.getCommand() instanceof CommandLine.HelpCommand) && !group) {
            all.add(command.getCommandSpec());
        }
        command.getSubcommands().values().forEach(sub -> collect(sub, all));
    }

    private static String name(CommandSpec command) {
        String qualified = command.qualifiedName();
        return qualified.equals("tracedeck") ? qualified : qualified.substring("tracedeck ".length());
    }
}
