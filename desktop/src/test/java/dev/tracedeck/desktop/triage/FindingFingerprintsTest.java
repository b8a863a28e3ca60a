package dev.tracedeck.desktop.triage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Fingerprint;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.source.SourceText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fingerprints taken once where the check ran: looking a mark up later reads no file. */
class FindingFingerprintsTest {

    @TempDir
    Path dir;

    private Validation validate(Path file) throws Exception {
        return new Validator(RuleConfig.DEFAULT).validate(Importers.standard().read(ImportSource.of(file), ImportListener.NONE));
    }

    private static List<Finding> withEvidenceInTheFile(Validation validation) {
        List<Finding> inFile = validation.findings().stream()
                .filter(f -> f.evidence().stream().anyMatch(e -> e.sourceText() instanceof SourceText.InFile)).toList();
        assertFalse(inFile.isEmpty(), "the sample has findings whose evidence is read from the file");
        return inFile;
    }

    @Test
    void aFindingsFingerprintIsTakenOnceAndNotReadFromTheFileAgain() throws Exception {
        Path file = Files.copy(Path.of("../sample-logs/openai/cut-short.jsonl"), dir.resolve("cut-short.jsonl"));
        Validation validation = validate(file);
        List<Finding> inFile = withEvidenceInTheFile(validation);

        FindingFingerprints fingerprints = FindingFingerprints.of(validation);
        Fingerprints taken = Fingerprints.of(validation);
        Files.delete(file);

        assertEquals(inFile.stream().map(f -> Optional.of(taken.of(f))).toList(), inFile.stream().map(fingerprints::of).toList(),
                "taken when checked, not read again");
        assertTrue(fingerprints.notice().isEmpty());
        assertTrue(fingerprints.all().isPresent());
        assertThrows(SourceChangedException.class, () -> Fingerprint.of(inFile.get(0)),
                "hashing again would read the file, which is gone");
    }

    @Test
    void aFindingWhoseEvidenceChangedInTheFileHasNoFingerprintAndANoticeSaysWhere() throws Exception {
        Path file = Files.copy(Path.of("../sample-logs/openai/cut-short.jsonl"), dir.resolve("cut-short.jsonl"));
        Validation validation = validate(file);
        List<Finding> inFile = withEvidenceInTheFile(validation);
        // The same length, other words: only the range's checksum can tell.
        Files.writeString(file, Files.readString(file).replace("tests", "TESTS"));

        FindingFingerprints fingerprints = FindingFingerprints.of(validation);

        for (Finding f : inFile) {
            assertEquals(Optional.empty(), fingerprints.of(f), "no fingerprint of the placeholder: " + f.message());
        }
        assertTrue(fingerprints.all().isEmpty(), "nothing complete to record");
        String notice = fingerprints.notice().orElseThrow();
        int line = inFile.get(0).evidence().get(0).source().firstLine();
        assertTrue(notice.contains(file + ":" + line + ": "), "names the file and the line: " + notice);
        assertTrue(notice.contains("the file changed since it was opened"), notice);
        assertTrue(notice.contains(inFile.size() == 1 ? "1 finding can't be fingerprinted" : inFile.size() + " findings"), notice);
        assertFalse(notice.contains("[this record's text"), notice);
        assertTrue(inFile.get(0).evidence().stream().anyMatch(e -> e.text().startsWith("[this record's text is read from")),
                "the views still show what happened in the text's place");
        for (Finding f : validation.findings()) {
            if (!inFile.contains(f)) {
                assertEquals(Optional.of(Fingerprint.of(f)), fingerprints.of(f), "evidence held in memory keeps its fingerprint");
            }
        }
    }
}
