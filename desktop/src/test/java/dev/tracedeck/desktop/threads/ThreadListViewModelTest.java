package dev.tracedeck.desktop.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.desktop.triage.FindingFingerprints;
import dev.tracedeck.desktop.triage.TriageMarks;
import dev.tracedeck.engine.fixtures.TestFindings;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.workspace.TriageStatus;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadListViewModelTest {

    private final List<ThreadSummary> rows = ThreadSummary.of(TestTraces.small());
    private final ThreadListViewModel threads = new ThreadListViewModel(rows);

    @Test
    void listsAllThreadsFirstThenEachThreadWithItsCounts() {
        assertEquals(List.of("All threads", "(run)", "m:s1", "m:s2"), threads.threads().stream().map(ThreadSummary::label).toList());
        assertEquals(new ThreadSummary(Optional.empty(), "All threads", 10, 2, 2), rows.get(0));
        assertEquals(new ThreadSummary(Optional.of("m:s1"), "m:s1", 7, 2, 1), rows.get(2));
        assertEquals(3, threads.threadCount());
    }

    @Test
    void startsWithAllThreadsSelected() {
        assertTrue(threads.getSelected().isAll());
        assertEquals(Optional.empty(), threads.selectedThreadId());
    }

    @Test
    void selectingNothingFallsBackToAllThreads() {
        threads.select(rows.get(3));
        assertEquals(Optional.of("m:s2"), threads.selectedThreadId());

        threads.select(null);
        assertTrue(threads.getSelected().isAll());
    }

    @Test
    void needsTheAllRowFirst() {
        assertThrows(IllegalArgumentException.class, () -> new ThreadListViewModel(rows.subList(1, 3)));
    }

    @Test
    void eachRowCountsItsThreadsFindingsOnceChecked() {
        assertEquals(ThreadFindings.NONE, threads.findingsOf(rows.get(2)));

        Validation checked = TestFindings.of(TestTraces.small());
        threads.setFindings(checked, FindingFingerprints.of(checked));

        assertEquals(new ThreadFindings(3, 0, Optional.of(Severity.ERROR)), threads.findingsOf(rows.get(2)));
        assertEquals(new ThreadFindings(3, 0, Optional.of(Severity.ERROR)), threads.findingsOf(rows.get(0)), "All threads: the trace's");
        assertEquals(ThreadFindings.NONE, threads.findingsOf(rows.get(3)));
    }

    @Test
    void triagedFindingsAreCountedApartAndTheBadgeTakesTheWorstUntriagedOne(@TempDir Path dir) {
        Validation validation = TestFindings.of(TestTraces.small());
        Finding duplicate = validation.findings().stream().filter(f -> f.ruleId().equals("duplicate-add-entry")).findFirst().orElseThrow();
        try (WorkspaceLink link = new WorkspaceLink(dir.resolve("ws.db"), Clock.systemUTC(), new SyncTaskRunner(),
                new NoticesViewModel())) {
            TriageMarks marks = new TriageMarks(Optional.of(link));
            threads.setTriage(marks);
            threads.setFindings(validation, FindingFingerprints.of(validation));

            marks.mark(duplicate, TriageStatus.ACCEPTED, "");

            assertEquals(new ThreadFindings(3, 1, Optional.of(Severity.WARNING)), threads.findingsOf(rows.get(2)),
                    "the only error is triaged: the warnings are what is left");
            assertEquals(1, threads.findingsOf(rows.get(0)).triaged(), "All threads counts it too");

            marks.unmark(duplicate);

            assertEquals(new ThreadFindings(3, 0, Optional.of(Severity.ERROR)), threads.findingsOf(rows.get(2)));
        }
    }

    @Test
    void aFileReadFurtherChangesOnlyTheRowsThatDifferAndKeepsTheThreadSelected() {
        threads.select(rows.get(2));
        List<String> changes = new ArrayList<>();
        threads.threads().addListener((ListChangeListener<ThreadSummary>) c -> {
            while (c.next()) {
                changes.add(c.wasReplaced() ? c.getFrom() + "-" + c.getTo() + " set"
                        : c.getFrom() + (c.wasAdded() ? " +" + c.getAddedSize() : " -" + c.getRemovedSize()));
            }
        });
        ThreadSummary s1 = rows.get(2);
        ThreadSummary grownS1 = new ThreadSummary(s1.threadId(), s1.label(), s1.events() + 1, s1.snapshots(), s1.problems());
        ThreadSummary s3 = new ThreadSummary(Optional.of("m:s3"), "m:s3", 1, 0, 0);
        ThreadSummary all = new ThreadSummary(Optional.empty(), "All threads", 12, 2, 2);

        threads.update(List.of(all, rows.get(1), grownS1, rows.get(3), s3));

        assertEquals(List.of("0-3 set", "4 +1"), changes, "the rows set as one span: a list's selection handles a part at a time");
        assertSame(rows.get(1), threads.threads().get(1), "a thread that did not change keeps its row");
        assertSame(grownS1, threads.getSelected(), "the thread selected, with its new counts");
        assertEquals(Optional.of("m:s1"), threads.selectedThreadId());

        changes.clear();
        threads.update(List.of(all, rows.get(1), grownS1));
        assertEquals(List.of("3 -2"), changes, "threads gone");
        assertSame(grownS1, threads.getSelected());
    }

    @Test
    void rowsSetAllOverTheListAreOnePartOfOneChange() {
        List<ThreadSummary> many = new ArrayList<>();
        many.add(new ThreadSummary(Optional.empty(), "All threads", 1000, 0, 0));
        for (int i = 0; i < 1000; i++) {
            many.add(new ThreadSummary(Optional.of("t" + i), "t" + i, 1, 0, 0));
        }
        ThreadListViewModel list = new ThreadListViewModel(many);
        List<Integer> parts = new ArrayList<>();
        list.threads().addListener((ListChangeListener<ThreadSummary>) c -> {
            int n = 0;
            while (c.next()) {
                n++;
            }
            parts.add(n);
        });
        List<ThreadSummary> grown = new ArrayList<>(many);
        for (int i = 0; i < grown.size(); i += 2) {
            ThreadSummary row = grown.get(i);
            grown.set(i, new ThreadSummary(row.threadId(), row.label(), row.events() + 1, 0, 0));
        }

        list.update(grown);

        assertEquals(List.of(1), parts, "a list's selection looks its row up again per part: one part, not five hundred");
        assertEquals(grown, list.threads());
        assertSame(many.get(1), list.threads().get(1), "a row not touched stays");
    }
}
