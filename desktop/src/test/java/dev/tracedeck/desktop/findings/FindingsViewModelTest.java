package dev.tracedeck.desktop.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.common.ManualTaskRunner;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.findings.FindingsRow.CheckRow;
import dev.tracedeck.desktop.findings.FindingsRow.FindingRow;
import dev.tracedeck.desktop.findings.FindingsRow.PassedRow;
import dev.tracedeck.desktop.findings.FindingsRow.ThreadRow;
import dev.tracedeck.engine.fixtures.TestFindings;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class FindingsViewModelTest {

    private final Trace trace = TestTraces.small();
    private final List<Event> revealed = new ArrayList<>();
    private final FindingsViewModel findings = new FindingsViewModel(new SyncTaskRunner(), TestFindings::of, revealed::add);

    @Test
    void saysCheckingUntilTheBackgroundCheckIsDone() {
        ManualTaskRunner runner = new ManualTaskRunner();
        FindingsViewModel pending = new FindingsViewModel(runner, TestFindings::of, revealed::add);

        pending.check(trace);

        assertEquals("Checking 3 threads…", pending.summaryProperty().get().text());
        assertTrue(pending.rows().isEmpty());
        assertSame(EvidenceIndex.EMPTY, pending.evidenceProperty().get());
        runner.runNext();
        assertEquals("1 error · 2 warnings · 3 threads checked", pending.summaryProperty().get().text());
        assertEquals(4, pending.evidenceProperty().get().flaggedCount());
    }

    @Test
    void showsEachThreadsFindingsAsSoonAsItIsCheckedInTheTracesThreadOrder() {
        Validation whole = TestFindings.of(trace);
        List<String> midway = new ArrayList<>();
        FindingsViewModel streaming = new FindingsViewModel(new SyncTaskRunner(), (t, checkedThread) -> {
            // m:s1 (the second thread) is done first; the first batch goes out at once.
            checkedThread.accept(whole.threads().get(1));
            midway.add(streaming().summaryProperty().get().text());
            midway.addAll(describe(streaming().rows()));
            midway.add("flagged " + streaming().evidenceProperty().get().flaggedCount());
            checkedThread.accept(whole.threads().get(0));
            checkedThread.accept(whole.threads().get(2));
            return whole;
        }, revealed::add, dev.tracedeck.desktop.triage.TriageMarks.none());
        streamingModel = streaming;

        streaming.check(trace);

        assertEquals(List.of(
                "Checking… 1 of 3 threads · 1 error · 2 warnings so far",
                "v m:s1",
                "  v FAIL 1 duplicate-add-entry",
                "      error msg 1 " + TestFindings.DUPLICATE + " @ run.log:4",
                "  v FAIL 1 content-not-verbatim",
                "      warning msg 1 " + TestFindings.NOT_VERBATIM + " @ run.log:4",
                "  v FAIL 1 agent-error",
                "      warning " + TestFindings.AGENT_ERROR + " @ run.log:14",
                "  > 1 passed · 1 n/a",
                "flagged 4"), midway);
        assertEquals("1 error · 2 warnings · 3 threads checked", streaming.summaryProperty().get().text());
        assertEquals(List.of("m:s1", "(run)", "m:s2"), describe(streaming.rows()).stream()
                .filter(r -> r.startsWith("v ") || r.startsWith("> ")).map(r -> r.substring(2)).toList());
    }

    private FindingsViewModel streamingModel;

    private FindingsViewModel streaming() {
        return streamingModel;
    }

    @Test
    void listsEveryThreadUnderAHeadingFailuresFirstAndOpenPassesFolded() {
        findings.check(trace);

        assertEquals(List.of(
                "v m:s1",
                "  v FAIL 1 duplicate-add-entry",
                "      error msg 1 " + TestFindings.DUPLICATE + " @ run.log:4",
                "  v FAIL 1 content-not-verbatim",
                "      warning msg 1 " + TestFindings.NOT_VERBATIM + " @ run.log:4",
                "  v FAIL 1 agent-error",
                "      warning " + TestFindings.AGENT_ERROR + " @ run.log:14",
                "  > 1 passed · 1 n/a",
                "> (run)",
                "> m:s2"), describe(findings.rows()));
    }

    @Test
    void narrowsToTheSelectedThreadWithoutHeadings() {
        findings.check(trace);

        findings.showThread(Optional.of("m:s2"));

        assertEquals(List.of("  v 2 passed · 0 n/a", "      pass duplicate-add-entry", "      pass agent-error"),
                describe(findings.rows()), "a clean thread's fold is all there is, so it is open");
        assertEquals("0 errors · 0 warnings · 1 thread checked", findings.scopeSummaryProperty().get().text());
        assertEquals("1 error · 2 warnings · 3 threads checked", findings.summaryProperty().get().text(), "the file's stays");
        findings.showThread(Optional.of(""));
        assertEquals("n/a", ((CheckRow) findings.rows().get(2)).check().status().id(), "passes before n/a");
    }

    @Test
    void selectingAFindingRevealsItsFirstEvidence() {
        findings.check(trace);
        FindingRow duplicate = findingRow("duplicate-add-entry");

        findings.select(duplicate);

        assertSame(duplicate.finding(), findings.getSelectedFinding());
        assertEquals(List.of(3), seqs(revealed));
        findings.open(duplicate);
        assertEquals(List.of(3, 3), seqs(revealed), "a click on the selected finding reveals it again");
    }

    @Test
    void nextAndPreviousWalkEveryFindingAndWrap() {
        findings.check(trace);
        assertEquals("3 findings", findings.positionText());

        findings.next();
        assertEquals("1 of 3", findings.positionText());
        findings.next();
        findings.next();
        findings.next();
        findings.previous();

        assertEquals(List.of(3, 3, 7, 3, 7), seqs(revealed));
        assertEquals("agent-error", findings.getSelectedFinding().ruleId());
    }

    @Test
    void nextFromACheckGoesToTheFirstFindingBelowIt() {
        findings.check(trace);

        findings.select(checkRow("agent-error"));
        findings.next();
        assertEquals("agent-error", findings.getSelectedFinding().ruleId());

        findings.select(passedRow("m:s1"));
        findings.next();
        assertEquals("duplicate-add-entry", findings.getSelectedFinding().ruleId(), "no finding below: the first");
        findings.select(passedRow("m:s1"));
        findings.previous();
        assertEquals("agent-error", findings.getSelectedFinding().ruleId(), "no finding below: the last");
    }

    @Test
    void nextWalksTheFindingsInLogOrderAcrossThreadsAndRules() {
        // Thread m:s1 is listed first, but its finding's evidence comes later in the log than m:s2's.
        Finding late = finding("agent-error", trace.event(7));
        Finding early = finding("duplicate-add-entry", trace.event(2));
        Finding middle = finding("missing-flush", trace.event(4));
        Validation validation = new Validation(trace.file(), trace.format(), "test", List.of(
                new ThreadChecklist("m:s1", List.of(failed(late), failed(middle))),
                new ThreadChecklist("m:s2", List.of(failed(early)))));
        FindingsViewModel walk = new FindingsViewModel(new SyncTaskRunner(), t -> validation, revealed::add);
        walk.check(trace);

        assertTrue(walk.selectFirst());
        assertSame(early, walk.getSelectedFinding(), "the first in the log, not the first row");
        walk.next();
        assertSame(middle, walk.getSelectedFinding());
        assertEquals("2 of 3", walk.positionText());
        walk.next();
        assertSame(late, walk.getSelectedFinding());
        walk.previous();
        walk.previous();
        assertSame(early, walk.getSelectedFinding());
        assertEquals(List.of(2, 4, 7, 4, 2), seqs(revealed));
    }

    @Test
    void passesFoldIntoOneRowThatOpensOnDemand() {
        findings.check(trace);

        findings.open(passedRow("m:s1"));

        List<String> rows = describe(findings.rows());
        int fold = rows.indexOf("  v 1 passed · 1 n/a");
        assertEquals(List.of("      pass missing-flush", "      n/a bootstrap-missing"), rows.subList(fold + 1, fold + 3));
        findings.setExpanded(passedRow("m:s1"), false);
        assertTrue(describe(findings.rows()).contains("  > 1 passed · 1 n/a"));
    }

    @Test
    void selectFirstSaysWhenThereIsNothingToSelect() {
        assertFalse(findings.selectFirst(), "not checked yet");
        FindingsViewModel clean = new FindingsViewModel(new SyncTaskRunner(),
                t -> new Validation(t.file(), t.format(), "test", List.of()), revealed::add);
        clean.check(trace);
        assertFalse(clean.selectFirst());
        assertNull(clean.getSelectedRow());
    }

    @Test
    void collapsingACheckMovesTheSelectionToItAndNextOpensItAgain() {
        findings.check(trace);
        findings.select(findingRow("duplicate-add-entry"));

        findings.setExpanded(checkRow("duplicate-add-entry"), false);

        assertInstanceOf(CheckRow.class, findings.getSelectedRow());
        assertNull(findings.getSelectedFinding());
        assertTrue(findings.rows().stream().noneMatch(r -> r instanceof FindingRow f && f.finding().ruleId().equals("duplicate-add-entry")));
        findings.next();
        assertEquals("duplicate-add-entry", findings.getSelectedFinding().ruleId());
        assertTrue(checkRow("duplicate-add-entry").expanded(), "reaching a hidden finding shows it");
    }

    @Test
    void cleanThreadsStartClosedAndOpenOnRequest() {
        findings.check(trace);

        findings.open(threadRow("m:s2"));
        findings.open(threadRow("m:s1"));

        assertEquals(List.of("> m:s1", "> (run)", "v m:s2", "  v 2 passed · 0 n/a", "      pass duplicate-add-entry",
                        "      pass agent-error"),
                describe(findings.rows()));
    }

    @Test
    void keepsTheSelectedFindingWhileTheScopeShowsIt() {
        findings.check(trace);
        findings.select(findingRow("content-not-verbatim"));

        findings.showThread(Optional.of("m:s1"));
        assertEquals("content-not-verbatim", findings.getSelectedFinding().ruleId());
        findings.showThread(Optional.of("m:s2"));
        assertNull(findings.getSelectedRow());
    }

    @Test
    void aCheckThatFailsToRunIsSaidInOneLine() {
        FindingsViewModel broken = new FindingsViewModel(new SyncTaskRunner(), t -> {
            throw new IllegalStateException("rule bug");
        }, revealed::add);

        broken.check(trace);

        assertEquals("Checks failed: IllegalStateException: rule bug", broken.summaryProperty().get().text());
        assertTrue(broken.rows().isEmpty());
    }

    private FindingRow findingRow(String rule) {
        return (FindingRow) findings.rows().stream()
                .filter(r -> r instanceof FindingRow f && f.finding().ruleId().equals(rule)).findFirst().orElseThrow();
    }

    private CheckRow checkRow(String rule) {
        return (CheckRow) findings.rows().stream()
                .filter(r -> r instanceof CheckRow c && c.threadId().equals("m:s1") && c.check().ruleId().equals(rule))
                .findFirst().orElseThrow();
    }

    private PassedRow passedRow(String thread) {
        return (PassedRow) findings.rows().stream()
                .filter(r -> r instanceof PassedRow p && p.threadId().equals(thread)).findFirst().orElseThrow();
    }

    private static Finding finding(String rule, Event evidence) {
        return new Finding(rule, Severity.ERROR, evidence.threadId(), OptionalInt.empty(), rule + " broke", List.of(evidence));
    }

    private static Check failed(Finding finding) {
        return new Check(finding.ruleId(), finding.ruleId() + " holds", CheckStatus.FAIL, List.of(finding), "");
    }

    private ThreadRow threadRow(String thread) {
        return (ThreadRow) findings.rows().stream()
                .filter(r -> r instanceof ThreadRow t && t.threadId().equals(thread)).findFirst().orElseThrow();
    }

    private static List<Integer> seqs(List<Event> events) {
        return events.stream().map(Event::seq).toList();
    }

    /** Rows as an outline: ">" closed, "v" open, checks and findings indented under their heading. */
    static List<String> describe(List<FindingsRow> rows) {
        return rows.stream().map(row -> {
            String mark = row.expandable() ? (row.expanded() ? "v " : "> ") : "  ";
            if (row instanceof ThreadRow t) {
                return mark + t.label();
            }
            if (row instanceof PassedRow p) {
                return "  " + mark + p.passed() + " passed · " + p.notApplicable() + " n/a";
            }
            if (row instanceof CheckRow c) {
                String status = c.failed() ? "FAIL " + c.check().findings().size() : c.check().status().id();
                return (c.folded() ? "      " : "  " + mark) + status + " " + c.check().ruleId();
            }
            Finding f = ((FindingRow) row).finding();
            return "      " + f.severity().id() + (f.msgIdx().isPresent() ? " msg " + f.msgIdx().getAsInt() : "")
                    + " " + f.message() + " @ " + ((FindingRow) row).source();
        }).toList();
    }
}
