package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A fingerprint hashes the evidence as it was read, or there is none: never the sentence a view shows instead. */
class FingerprintsTest {

    private static final String TEXT = "{\"role\": \"assistant\", \"content\": \"Looking for a table.\"}";

    private static Finding finding(int line, SourceText text) {
        Event event = new Event(line - 1, "message", "", "t", SourceRef.line("run.jsonl", line), text,
                new Payload.Unparsed(false, "evidence"));
        return new Finding("orphaned-tool-call", Severity.ERROR, "t", OptionalInt.empty(), "no result", List.of(event), List.of());
    }

    private static Validation validation(Finding... findings) {
        return new Validation("run.jsonl", "openai-chat", "generic-chat", List.of(new ThreadChecklist("t",
                List.of(new Check("orphaned-tool-call", "every tool call has a result", CheckStatus.FAIL, List.of(findings), "")))));
    }

    @Test
    void aRangeTheFileStillHoldsIsFingerprintedAsTheSameTextHeld() throws Exception {
        Finding inFile = finding(3, new SourceText.InFile((offset, length, checksum) -> TEXT, 120, TEXT.length(), 0));
        Finding held = finding(3, SourceText.of(TEXT));

        Fingerprints taken = Fingerprints.of(validation(inFile, held));

        assertEquals(taken.of(held), taken.of(inFile));
        assertEquals(Fingerprint.of(held), taken.of(inFile));
    }

    @Test
    void aRangeTheFileNoLongerHoldsGivesNoFingerprintsAtAllAndSaysWhere() {
        SourceText.Reread changed = (offset, length, checksum) -> {
            throw new SourceChangedException("run.jsonl", offset, length, "the file changed since it was opened");
        };
        Finding inFile = finding(7, new SourceText.InFile(changed, 120, TEXT.length(), 0));
        Finding held = finding(3, SourceText.of(TEXT));

        SourceChangedException e = assertThrows(SourceChangedException.class, () -> Fingerprints.of(validation(held, inFile)));

        assertEquals("run.jsonl:7: cannot read the record back as it was read: the file changed since it was opened "
                + "(bytes 120 to " + (120 + TEXT.length()) + ")", e.getMessage());
        assertThrows(SourceChangedException.class, () -> Fingerprint.of(inFile));
        String shown = inFile.evidence().get(0).text();
        assertTrue(shown.startsWith("[this record's text is read from run.jsonl when shown (bytes 120 to "), shown);
        assertTrue(shown.contains("the file changed since it was opened"), shown);
    }

    @Test
    void aFindingNotFingerprintedIsAnErrorNotAFreshHash() throws Exception {
        Fingerprints taken = Fingerprints.of(validation(finding(3, SourceText.of(TEXT))));
        assertThrows(IllegalArgumentException.class, () -> taken.of(finding(3, SourceText.of(TEXT))));
    }
}
