package dev.tracedeck.desktop.loading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.findings.FindingsSummary;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;

class LoadingViewModelTest {

    private final Trace trace = TestTraces.small();
    private final List<Event> events = trace.events();
    private final LoadingViewModel loading = new LoadingViewModel(new SyncTaskRunner());

    @Test
    void rowsThreadsAndCountsGrowWithEachBatch() {
        loading.append(events.subList(0, 3));
        assertEquals(events.subList(0, 3), loading.timeline().rows());
        assertEquals("3 events", loading.timeline().countText());

        loading.append(events.subList(3, events.size()));
        assertEquals(events, loading.timeline().rows());
        List<ThreadSummary> rows = loading.threads().threads();
        assertEquals(trace.threads().size() + 1, rows.size());
        assertEquals(events.size(), rows.get(0).events());
        for (int i = 0; i < trace.threads().size(); i++) {
            TraceThread thread = trace.threads().get(i);
            assertEquals(Optional.of(thread.id()), rows.get(i + 1).threadId());
            assertEquals(thread.events().size(), rows.get(i + 1).events(), thread.id());
        }
        assertEquals(events.size() + " events · " + trace.threads().size() + " threads so far",
                loading.countsProperty().get());
    }

    /** The findings' "checked of threads so far" counts the threads read, whichever of events and checklists comes first. */
    @Test
    void theThreadsCheckedAreCountedOfTheThreadsReadSoFar() {
        List<ThreadChecklist> checklists = new Validator(RuleConfig.DEFAULT).validate(trace).threads();
        Consumer<ThreadChecklist> checked = loading.checkAsRead("run.log");
        checked.accept(checklists.get(0));  // checked before the window has taken in any event of it
        FindingsSummary early = loading.findings().summaryProperty().get();
        assertEquals(1, early.checked());
        assertEquals(1, early.threads(), "never fewer threads than checked");

        loading.append(events);

        FindingsSummary now = loading.findings().summaryProperty().get();
        assertEquals(1, now.checked());
        assertEquals(trace.threads().size(), now.threads(), "the threads read since count at once");
        assertEquals(now, loading.findings().scopeSummaryProperty().get(), "the panel's header says the same");
    }

    @Test
    void aThreadPickedWhileReadingStaysPickedAndGetsItsNewEvents() {
        loading.append(events.subList(0, 3));
        ThreadSummary s1 = loading.threads().threads().stream()
                .filter(r -> r.threadId().equals(Optional.of("m:s1"))).findFirst().orElseThrow();
        loading.threads().select(s1);
        loading.timeline().select(events.get(2));

        loading.append(events.subList(3, events.size()));

        assertEquals(Optional.of("m:s1"), loading.selectedThreadId());
        assertTrue(loading.timeline().rows().stream().allMatch(e -> e.threadId().equals("m:s1")));
        assertEquals(trace.thread("m:s1").orElseThrow().events().size(), loading.timeline().rows().size());
        assertEquals(Optional.of(events.get(2)), loading.selectedEvent());
    }

    @Test
    void aBatchChangesOnlyTheRowsOfTheThreadsItTouchesAndAddsTheNewOnes() {
        loading.append(events.subList(0, 3));
        List<ThreadSummary> before = List.copyOf(loading.threads().threads());
        List<String> changes = new ArrayList<>();
        loading.threads().threads().addListener((ListChangeListener<ThreadSummary>) c -> {
            while (c.next()) {
                changes.add(c.wasReplaced() ? c.getFrom() + "-" + c.getTo() + " set" : c.getFrom() + " +" + c.getAddedSize());
            }
        });
        Event next = events.get(3);
        int row = before.stream().map(ThreadSummary::threadId).toList().indexOf(Optional.of(next.threadId()));

        loading.append(List.of(next));

        assertEquals(List.of("0-" + (row + 1) + " set"), changes, "All threads and " + next.threadId() + ", in one part");
        for (int i = 1; i < before.size(); i++) {
            if (i != row) {
                assertSame(before.get(i), loading.threads().threads().get(i));
            }
        }
        assertEquals(before.get(row).events() + 1, loading.threads().threads().get(row).events());
    }
}
