package dev.tracedeck.app.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.app.fixtures.TestFindings;
import dev.tracedeck.app.fixtures.TestTraces;
import dev.tracedeck.model.rules.Severity;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

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

        threads.setFindings(TestFindings.of(TestTraces.small()));

        assertEquals(new ThreadFindings(3, Optional.of(Severity.ERROR)), threads.findingsOf(rows.get(2)));
        assertEquals(new ThreadFindings(3, Optional.of(Severity.ERROR)), threads.findingsOf(rows.get(0)), "All threads: the trace's");
        assertEquals(ThreadFindings.NONE, threads.findingsOf(rows.get(3)));
    }
}
