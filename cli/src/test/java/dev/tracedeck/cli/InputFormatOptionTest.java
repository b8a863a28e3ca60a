package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One name for the input's format: every command that reads trace files takes {@code --input-format}, and reads the
 * file as that format (an OpenAI chat file forced as OTLP is refused as no OTLP); those without a report format to
 * choose take it spelled {@code --format} too.
 */
class InputFormatOptionTest {

    private static final String OPENAI = Path.of("../sample-logs/openai/broken-history.json").toString();

    @ParameterizedTest
    @ValueSource(strings = {"inspect", "validate", "tokens", "prune", "compare", "textcalls", "convert", "baseline write"})
    void everyCommandThatReadsTraceFilesReadsThemAsTheInputFormatNamed(String command) {
        CliRun run = CliRun.of(line(command, "--input-format", "otlp"));

        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().contains(OPENAI + ": not otlp"), run.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"inspect", "convert"})
    void theCommandsWithoutAReportFormatTakeItSpelledFormatToo(String command) {
        CliRun run = CliRun.of(line(command, "--format", "otlp"));
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().contains(OPENAI + ": not otlp"), run.err());

        CliRun both = CliRun.of(line(command, "--format", "otlp", "--input-format", "atif"));
        assertEquals(2, both.code(), both.err());
        assertEquals("tracedeck " + command + ": --input-format atif and --format otlp are the same option; give one",
                both.err().strip());
    }

    @Test
    void anUnknownNameIsAUsageErrorThatListsTheNames() {
        CliRun run = CliRun.of(line("tokens", "--input-format", "nosuch"));
        assertEquals(2, run.code());
        assertTrue(run.err().startsWith("tracedeck tokens: unknown format 'nosuch'; known: mycelian-log, "), run.err());
    }

    /** {@code command} on the OpenAI file (twice for compare), recording nothing, with {@code options}. */
    private static String[] line(String command, String... options) {
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.add("--no-workspace");
        if (command.equals("convert")) {
            args.addAll(List.of("--to", "atif"));
        } else if (command.equals("prune")) {
            args.addAll(List.of("--strategy", "none"));
        }
        args.addAll(List.of(options));
        args.add(OPENAI);
        if (command.equals("compare")) {
            args.add(OPENAI);
        }
        return args.toArray(String[]::new);
    }
}
