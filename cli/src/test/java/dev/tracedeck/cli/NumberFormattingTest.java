package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * validate and inspect print counts one way, grouped by thousands with commas whatever the machine's locale (here a
 * German one, which groups with points): "1,200 errors", "1,200 tool_call". Positions (a line, a msg_idx) are printed
 * as editors print them.
 */
class NumberFormattingTest {

    /** A run whose agent called a tool 1,200 times and never got a result: 1,200 orphaned calls. */
    private static final int CALLS = 1_200;

    @TempDir
    Path dir;

    private Locale before;

    @BeforeEach
    void german() {
        before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
    }

    @AfterEach
    void restore() {
        Locale.setDefault(before);
    }

    @Test
    void validateAndInspectGroupEveryCountAlike() throws Exception {
        Path chat = chat();

        CliRun inspect = CliRun.of("inspect", "--no-workspace", chat.toString());
        CliRun validate = CliRun.of("validate", "--no-workspace", chat.toString());

        assertEquals(ExitCodes.OK, inspect.code(), inspect.err());
        assertEquals(ExitCodes.FINDINGS, validate.code(), validate.err());
        assertTrue(inspect.out().contains("2,402 records · 2,402 events"), inspect.out());
        assertTrue(inspect.out().contains("message 1,201, tool_call 1,200"), inspect.out());
        assertTrue(inspect.out().lines().anyMatch(l -> l.matches("\\s+\\S+\\s+2,401\\s.*lookup 1,200")), inspect.out());
        assertTrue(validate.out().contains("1,200 errors"), validate.out().lines().limit(3).toList().toString());
        for (CliRun run : List.of(inspect, validate)) {
            List<String> ungrouped = ungroupedCounts(run.out().replace(dir.toString(), "DIR"));
            assertEquals(List.of(), ungrouped, "counts of 1,000 or more without their comma");
        }
    }

    /** Positions, printed as editors print them: lines, msg_idx, JSON pointers. */
    private static final Pattern POSITION = Pattern.compile("(lines? |msg_idx |/messages/|#)\\d+(, \\d+)*");

    /** Four or more digits in a row outside a position: a count printed without its comma. */
    private static List<String> ungroupedCounts(String text) {
        Matcher m = Pattern.compile("(?<![\\d.,])\\d{4,}(?![\\d.,])").matcher(POSITION.matcher(text).replaceAll(""));
        List<String> found = new java.util.ArrayList<>();
        while (m.find() && found.size() < 5) {
            found.add(m.group());
        }
        return found;
    }

    private Path chat() throws Exception {
        StringBuilder messages = new StringBuilder("{\"role\": \"system\", \"content\": \"You look things up.\"}");
        for (int i = 0; i < CALLS; i++) {
            messages.append(",\n{\"role\": \"user\", \"content\": \"look up item ").append(i).append("\"}")
                    .append(",\n{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"call_").append(i)
                    .append("\", \"type\": \"function\", \"function\": {\"name\": \"lookup\", \"arguments\": \"{}\"}}]}");
        }
        return Files.writeString(dir.resolve("many-calls.json"), "{\"model\": \"gpt-4o\", \"messages\": [\n" + messages + "\n]}\n");
    }
}
