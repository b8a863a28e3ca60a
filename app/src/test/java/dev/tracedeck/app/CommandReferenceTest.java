package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/cli.md shows every command's usage exactly as the command prints it, so the page cannot drift from the code.
 * After changing an option or a description, rewrite the page's usage blocks with
 * {@code ./mvnw -B -o -q verify -pl app -am -Dtest=CommandReferenceTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dgolden.update=true}, then read the diff.
 */
class CommandReferenceTest {

    private static final Path PAGE = Path.of(System.getProperty("basedir", "."), "..", "docs", "cli.md");

    @Test
    void everyUsageBlockHoldsWhatItsCommandPrints() throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        String filled = CommandReference.fill(page, CommandReference.usages(Main.commandLine()));
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(PAGE, filled, StandardCharsets.UTF_8);
            page = filled;
        }
        if (!page.equals(filled)) {
            fail("docs/cli.md differs from what the commands print (write it again with -Dgolden.update=true); "
                    + firstDifference(page, filled));
        }
    }

    private static String firstDifference(String page, String printed) {
        List<String> was = page.lines().toList();
        List<String> is = printed.lines().toList();
        int line = 0;
        while (line < was.size() && line < is.size() && was.get(line).equals(is.get(line))) {
            line++;
        }
        return "line " + (line + 1) + ": the page has \"" + (line < was.size() ? was.get(line) : "") + "\", the command prints \""
                + (line < is.size() ? is.get(line) : "") + "\"";
    }

    @Test
    void everyCommandHasOneUsageBlock() throws IOException {
        Map<String, String> usages = CommandReference.usages(Main.commandLine());
        List<String> marked = CommandReference.marked(Files.readString(PAGE, StandardCharsets.UTF_8));
        assertEquals(List.copyOf(usages.keySet()).stream().sorted().toList(), marked.stream().sorted().toList(),
                "one usage block in docs/cli.md per command");
    }
}
