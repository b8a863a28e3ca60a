package dev.tracedeck.desktop.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.engine.fixtures.TestTraces;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A summary kept up batch by batch says what one made of every thread checked so far says. */
class FindingsSummaryTest {

    /** Threads checked before the window has taken in their events are counted among the threads so far. */
    @Test
    void neverChecksMoreThreadsThanThereAre() {
        List<ThreadChecklist> checked = new Validator(RuleConfig.DEFAULT).validate(TestTraces.small()).threads();
        FindingsSummary early = FindingsSummary.checking(1, checked);
        assertEquals(checked.size(), early.threads());
        assertEquals(early.threads(), FindingsSummary.checking(1, FindingsSummary.of(checked)).threads());
        assertEquals(7, FindingsSummary.checking(7, checked).threads());
    }

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

    /** An empty Listen tab, or a file with no thread, has passed nothing: it is not shown as clean. */
    @Test
    void noThreadIsNothingCheckedNotAPass() {
        FindingsSummary none = FindingsSummary.of(List.of());
        assertEquals("Nothing checked yet: no thread to check", none.text());
        assertTrue(!none.clean());
        List<ThreadChecklist> checked = new Validator(RuleConfig.DEFAULT).validate(TestTraces.small()).threads();
        assertEquals(FindingsSummary.of(checked).total() == 0, FindingsSummary.of(checked).clean());
    }
}
