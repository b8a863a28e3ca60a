package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.cli.CliRun;
import dev.tracedeck.cli.ExitCodes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --help} says what each command does in whole sentences, never cut where a line of the source ended. */
class HelpTest {

    @Test
    void theCommandListGivesEachCommandAWholeSentenceOfAtMostTwoLines() {
        CliRun help = CliRun.run(Main.commandLine(), "--help");
        assertEquals(ExitCodes.OK, help.code(), help.err());
        List<String> lines = help.out().lines().dropWhile(l -> !l.equals("Commands:")).skip(1).toList();
        List<List<String>> entries = new ArrayList<>();
        for (String line : lines) {
            if (line.matches("  \\S.*")) {
                entries.add(new ArrayList<>(List.of(line.strip())));
            } else if (!line.isBlank() && !entries.isEmpty()) {
                entries.get(entries.size() - 1).add(line.strip());
            }
        }
        assertEquals(Main.commandLine().getSubcommands().size(), entries.size(), help.out());
        for (List<String> entry : entries) {
            String summary = String.join(" ", entry);
            assertTrue(summary.endsWith("."), "a whole sentence: " + summary);
            assertTrue(entry.size() <= 2, "at most two lines: " + entry);
        }
    }

    @Test
    void everyCommandsDescriptionIsWholeParagraphs() {
        List<String> cut = new ArrayList<>();
        collect(Main.commandLine(), cut);
        assertEquals(List.of(), cut, "paragraphs that stop mid-sentence (each element is printed on lines of its own)");
    }

    private static void collect(CommandLine command, List<String> cut) {
        for (String paragraph : command.getCommandSpec().usageMessage().description()) {
            for (String line : paragraph.split("%n")) {
                if (!line.isBlank() && !line.strip().endsWith(".")) {
                    cut.add(command.getCommandSpec().qualifiedName() + ": " + line);
                }
            }
        }
        command.getSubcommands().values().forEach(sub -> collect(sub, cut));
    }
}
