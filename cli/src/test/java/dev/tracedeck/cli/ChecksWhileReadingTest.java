package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The verdict of a file checked partly while it is read is that of checking the trace after the import. */
class ChecksWhileReadingTest {

    private static final Path SAMPLES = Path.of("../sample-logs");
    private static final Path REAL_TRACES = Path.of("../../shared/real-traces");
    private static final Set<String> NOT_LOGS = Set.of("src", "target", "tools", "README.md", "pom.xml", "SOURCES.md");

    private final Validator validator = new Validator(RuleConfig.DEFAULT);

    @TestFactory
    Stream<DynamicTest> everySampleLogAndRealTraceGetsTheVerdictOfCheckingAfterTheImport() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path folder : List.of(SAMPLES, REAL_TRACES)) {
            if (Files.isDirectory(folder)) {
                try (Stream<Path> walk = Files.walk(folder)) {
                    walk.filter(Files::isRegularFile)
                            .filter(f -> NOT_LOGS.stream().noneMatch(n -> folder.relativize(f).startsWith(n)))
                            .sorted()
                            .forEach(files::add);
                }
            }
        }
        assertFalse(files.isEmpty());
        return files.stream().map(file -> DynamicTest.dynamicTest(file.toString(), () -> {
            try (ChecksWhileReading checks = new ChecksWhileReading(validator, ImportListener.NONE)) {
                Trace trace = Importers.standard().read(ImportSource.of(file), checks);
                assertEquals(validator.validate(trace), checks.verdict(trace, checked -> { }), file.toString());
            } catch (ImportException notATrace) {
                // A file no importer claims (a sample of what is refused): nothing to check, as after the import.
            }
        }));
    }

    @Test
    void aFileOfConversationsHasItsThreadsCheckedOnceEach() throws Exception {
        try (ChecksWhileReading checks = new ChecksWhileReading(validator, ImportListener.NONE)) {
            Trace trace = Importers.standard().read(ImportSource.of(SAMPLES.resolve("openai/fine-tuning.jsonl")), checks);
            Validation verdict = checks.verdict(trace, checked -> { });

            assertEquals(validator.validate(trace), verdict);
            // Each of its conversations but the last is told read once the next line starts (ChecksDuringImportTest).
            assertTrue(checks.usedAsRead() >= 5,
                    checks.usedAsRead() + " of " + trace.threads().size() + " threads taken as read");
        }
    }
}
