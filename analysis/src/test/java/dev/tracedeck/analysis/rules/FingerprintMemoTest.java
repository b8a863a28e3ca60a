package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Many findings citing one long message: each event is read once, and every fingerprint is as if taken alone. */
class FingerprintMemoTest {

    private static final String LONG = "{\"role\": \"assistant\", \"content\": \"" + "TOOL_CALL_START { ".repeat(5_000) + "\"}";
    private static final String SHORT = "{\"role\": \"user\", \"content\": \"go\"}";

    @Test
    void eachEvidenceEventIsReadOnceAndTheFingerprintsAreTheSameAsOneByOne() throws Exception {
        AtomicInteger longReads = new AtomicInteger();
        AtomicInteger shortReads = new AtomicInteger();
        Event big = event(4, LONG, longReads);
        Event small = event(2, SHORT, shortReads);
        List<Finding> findings = new ArrayList<>();
        String[] rules = {"text-tool-call", "orphaned-tool-call", "role-order"};
        for (int i = 0; i < 3_000; i++) {
            String rule = rules[i % rules.length];
            OptionalInt msgIdx = i % 7 == 0 ? OptionalInt.empty() : OptionalInt.of(i % 5);
            List<Event> evidence = i % 4 == 0 ? List.of(small, big) : i % 4 == 1 ? List.of(big, small) : List.of(big);
            findings.add(new Finding(rule, Severity.ERROR, "t", msgIdx, "finding " + i, evidence, List.of()));
        }
        Validation validation = new Validation("run.jsonl", "openai-chat", "generic-chat", List.of(new ThreadChecklist("t",
                List.of(new Check("text-tool-call", "calls are structured", CheckStatus.FAIL, findings, "")))));

        Fingerprints taken = Fingerprints.of(validation);

        assertEquals(1, longReads.get(), "the long message read once for 3,000 findings");
        assertEquals(1, shortReads.get());
        for (Finding f : findings) {
            assertEquals(Fingerprint.of(f), taken.of(f), f.message());
        }
    }

    private static Event event(int line, String text, AtomicInteger reads) {
        SourceText.Reread file = (offset, length, checksum) -> {
            reads.incrementAndGet();
            return text;
        };
        return new Event(line - 1, "message", "", "t", SourceRef.line("run.jsonl", line),
                new SourceText.InFile(file, 100L * line, text.length(), 0), new Payload.Unparsed(false, "evidence"));
    }
}
