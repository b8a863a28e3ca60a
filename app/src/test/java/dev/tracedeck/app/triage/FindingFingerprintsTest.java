package dev.tracedeck.app.triage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.Importers;
import dev.tracedeck.model.rules.Finding;
import dev.tracedeck.model.rules.Fingerprint;
import dev.tracedeck.model.rules.RuleConfig;
import dev.tracedeck.model.rules.Validation;
import dev.tracedeck.model.rules.Validator;
import dev.tracedeck.model.source.SourceText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fingerprints taken once where the check ran: looking a mark up later reads no file. */
class FindingFingerprintsTest {

    @Test
    void aFindingsFingerprintIsTakenOnceAndNotReadFromTheFileAgain(@TempDir Path dir) throws Exception {
        Path file = Files.copy(Path.of("../sample-logs/openai/cut-short.jsonl"), dir.resolve("cut-short.jsonl"));
        Validation validation = new Validator(RuleConfig.DEFAULT)
                .validate(Importers.standard().read(ImportSource.of(file), ImportListener.NONE));
        List<Finding> inFile = validation.findings().stream()
                .filter(f -> f.evidence().stream().anyMatch(e -> e.sourceText() instanceof SourceText.InFile)).toList();
        assertFalse(inFile.isEmpty(), "the sample has findings whose evidence is read from the file");

        FindingFingerprints fingerprints = FindingFingerprints.of(validation);
        List<String> before = inFile.stream().map(Fingerprint::of).toList();
        Files.delete(file);

        assertEquals(before, inFile.stream().map(fingerprints::of).toList(), "taken when checked, not read again");
        assertNotEquals(before, inFile.stream().map(Fingerprint::of).toList(),
                "hashing again would read the file, which is gone");
    }
}
