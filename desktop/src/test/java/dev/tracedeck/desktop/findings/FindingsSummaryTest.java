package dev.tracedeck.desktop.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.cli.fixtures.TestTraces;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A summary kept up batch by batch says what one made of every thread checked so far says. */
class FindingsSummaryTest {

    @Test
    void summingBatchesGivesTheSummaryOfThemAll() {
        List<ThreadChecklist> checked = new Validator(RuleConfig.DEFAULT).validate(TestTraces.small()).threads();
        FindingsSummary kept = FindingsSummary.of(List.of());
        for (ThreadChecklist checklist : checked) {
            kept = kept.plus(List.of(checklist));
        }

        assertEquals(FindingsSummary.of(checked), kept);
        assertEquals(FindingsSummary.checking(9, checked), FindingsSummary.checking(9, kept));
        assertTrue(kept.total() > 0, "the small trace has findings to sum");
    }
}
