package dev.tracedeck.desktop.triage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Fingerprint;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.TriageStatus;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TriageMarksTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private final Trace trace = TestTraces.small();
    private final Finding finding = new Finding("agent-error", Severity.ERROR, "m:s1", OptionalInt.empty(),
            "a run-level record as evidence", List.of(trace.event(9)));
    private final NoticesViewModel notices = new NoticesViewModel();

    @Test
    void aMarkIsWrittenToTheWorkspaceAndShowsOnEveryFindingWithItsFingerprint() throws Exception {
        Path file = dir.resolve("workspace.db");
        TriageMarks marks = new TriageMarks(Optional.of(new WorkspaceLink(file, CLOCK, new SyncTaskRunner(), notices)));
        Finding sameInAnotherRun = new Finding(finding.ruleId(), finding.severity(), finding.threadId(), finding.msgIdx(),
                finding.message(), finding.evidence());

        marks.mark(finding, TriageStatus.FALSE_POSITIVE, "  the rule misreads retries ");

        assertEquals(TriageStatus.FALSE_POSITIVE, marks.markOf(sameInAnotherRun).orElseThrow().status());
        assertEquals("the rule misreads retries", marks.markOf(finding).orElseThrow().note());
        try (WorkspaceStore store = WorkspaceStore.open(file, CLOCK)) {
            assertEquals(TriageStatus.FALSE_POSITIVE, store.markOf(Fingerprint.of(finding)).orElseThrow().status());
        }
        assertTrue(notices.notices().isEmpty());
    }

    @Test
    void loadsTheMarksAnotherProcessWrote() throws Exception {
        Path file = dir.resolve("workspace.db");
        try (WorkspaceStore store = WorkspaceStore.open(file, CLOCK)) {
            store.mark(Fingerprint.of(finding), TriageStatus.ACCEPTED, "known flake");
        }
        TriageMarks marks = new TriageMarks(Optional.of(new WorkspaceLink(file, CLOCK, new SyncTaskRunner(), notices)));
        assertTrue(marks.markOf(finding).isEmpty());

        marks.load();

        assertEquals("known flake", marks.markOf(finding).orElseThrow().note());
    }

    @Test
    void unmarkTakesTheMarkOffEveryFindingWithTheFingerprint() throws Exception {
        Path file = dir.resolve("workspace.db");
        TriageMarks marks = new TriageMarks(Optional.of(new WorkspaceLink(file, CLOCK, new SyncTaskRunner(), notices)));
        marks.mark(finding, TriageStatus.ACCEPTED, "");
        int before = marks.revisionProperty().get();

        marks.unmark(new Finding(finding.ruleId(), finding.severity(), finding.threadId(), finding.msgIdx(),
                finding.message(), finding.evidence()));

        assertTrue(marks.markOf(finding).isEmpty());
        assertEquals(before + 1, marks.revisionProperty().get());
        try (WorkspaceStore store = WorkspaceStore.open(file, CLOCK)) {
            assertTrue(store.marks().isEmpty());
        }
    }

    @Test
    void withoutAWorkspaceNothingCanBeMarked() {
        TriageMarks marks = TriageMarks.none();

        marks.mark(finding, TriageStatus.CONFIRMED, "");

        assertFalse(marks.canMark());
        assertTrue(marks.marks().isEmpty());
    }
}
