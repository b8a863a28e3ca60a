package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A command's checks while it reads, on threads of their own, give the verdict of checking the trace after the import
 * (that {@link dev.tracedeck.engine.checks.ChecksAsRead} does so on every sample and real trace, its own test shows).
 */
class ChecksWhileReadingTest {

    private static final Path SAMPLES = Path.of("../sample-logs");

    private final Validator validator = new Validator(RuleConfig.DEFAULT);

    @Test
    void aFileOfConversationsHasItsThreadsCheckedOnceEach() throws Exception {
        try (ChecksWhileReading checks = new ChecksWhileReading(validator, ImportListener.NONE)) {
            Trace trace = Importers.standard().read(ImportSource.of(SAMPLES.resolve("openai/fine-tuning.jsonl")), checks);
            Validation verdict = checks.verdict(trace, checked -> { });

            assertEquals(validator.validate(trace), verdict);
            // Each of its conversations but the last is told read once the next line starts (ChecksAsReadTest).
            assertTrue(checks.usedAsRead() >= 5,
                    checks.usedAsRead() + " of " + trace.threads().size() + " threads taken as read");
        }
    }
}
