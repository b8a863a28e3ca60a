package dev.tracedeck.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.engine.fixtures.TestFindings;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EvidenceIndexTest {

    private final Trace trace = TestTraces.small();
    private final EvidenceIndex index = EvidenceIndex.of(TestFindings.of(trace));

    @Test
    void flagsEveryPieceOfEvidenceOnce() {
        assertEquals(4, index.flaggedCount());
        assertTrue(index.isFlagged(trace.event(5)));
        assertFalse(index.isFlagged(trace.event(2)));
        assertEquals(List.of(), index.findings(trace.event(2)));
    }

    @Test
    void theMostSevereFindingMarksTheEvent() {
        assertEquals(List.of("duplicate-add-entry", "content-not-verbatim"),
                index.findings(trace.event(3)).stream().map(Finding::ruleId).toList());
        assertEquals(Optional.of(Severity.ERROR), index.severity(trace.event(3)));
        assertEquals(Optional.of(Severity.WARNING), index.severity(trace.event(4)));
        assertEquals(Optional.empty(), index.severity(trace.event(0)));
    }

    @Test
    void theEmptyIndexFlagsNothing() {
        assertFalse(EvidenceIndex.EMPTY.isFlagged(trace.event(3)));
        assertEquals(0, EvidenceIndex.EMPTY.flaggedCount());
    }
}
