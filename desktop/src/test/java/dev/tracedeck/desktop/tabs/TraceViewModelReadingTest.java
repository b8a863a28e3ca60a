package dev.tracedeck.desktop.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.annotations.EventAnnotations;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.findings.FindingsSummary;
import dev.tracedeck.desktop.findings.TraceChecker;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.desktop.triage.TriageMarks;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.engine.search.EventFilter;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;

/**
 * A file's view-model from its first batch of events read to its trace whole: the rows, threads and counts grow with
 * each batch, and the trace read whole takes their place in the same view-models, what the user set meanwhile kept.
 */
class TraceViewModelReadingTest {

    private final Trace trace = TestTraces.small();
    private final List<Event> events = trace.events();
    private final Validator validator = new Validator(RuleConfig.DEFAULT);
    private final TraceViewModel reading = TraceViewModel.reading("run.log", new SyncTaskRunner(), new SyncTaskRunner(),
            RuleParameters.DEFAULTS, TriageMarks.none(), EventAnnotations.none(), TraceChecker.whole(validator::validate));

    @Test
    void rowsThreadsAndCountsGrowWithEachBatch() {
        reading.append(events.subList(0, 3));
        assertEquals(events.subList(0, 3), reading.timeline().table().rows());
        assertEquals("3 events", reading.timeline().search().countText());

        reading.append(events.subList(3, events.size()));
        assertEquals(events, reading.timeline().table().rows());
        List<ThreadSummary> rows = reading.threads().threads();
        assertEquals(trace.threads().size() + 1, rows.size());
        assertEquals(events.size(), rows.get(0).events());
        for (int i = 0; i < trace.threads().size(); i++) {
            TraceThread thread = trace.threads().get(i);
            assertEquals(Optional.of(thread.id()), rows.get(i + 1).threadId());
            assertEquals(thread.events().size(), rows.get(i + 1).events(), thread.id());
        }
        assertEquals(events.size() + " events · " + trace.threads().size() + " threads so far",
                reading.readSoFar().orElseThrow().countsProperty().get());
        assertTrue(reading.readingProperty().get());
    }

    /** The findings' "checked of threads so far" counts the threads read, whichever of events and checklists comes first. */
    @Test
    void theThreadsCheckedAreCountedOfTheThreadsReadSoFar() {
        List<ThreadChecklist> checklists = validator.validate(trace).threads();
        Consumer<ThreadChecklist> checked = reading.checkAsRead("run.log");
        checked.accept(checklists.get(0));  // checked before the window has taken in any event of it
        FindingsSummary early = reading.findings().summaryProperty().get();
        assertEquals(1, early.checked());
        assertEquals(1, early.threads(), "never fewer threads than checked");

        reading.append(events);

        FindingsSummary now = reading.findings().summaryProperty().get();
        assertEquals(1, now.checked());
        assertEquals(trace.threads().size(), now.threads(), "the threads read since count at once");
        assertEquals(now, reading.findings().scopeSummaryProperty().get(), "the panel's header says the same");
    }

    @Test
    void aThreadPickedWhileReadingStaysPickedAndGetsItsNewEvents() {
        reading.append(events.subList(0, 3));
        reading.threads().select(row("m:s1"));
        reading.timeline().selection().select(events.get(2));

        reading.append(events.subList(3, events.size()));

        assertEquals(Optional.of("m:s1"), reading.threads().selectedThreadId());
        assertTrue(reading.timeline().table().rows().stream().allMatch(e -> e.threadId().equals("m:s1")));
        assertEquals(trace.thread("m:s1").orElseThrow().events().size(), reading.timeline().table().rows().size());
        assertSame(events.get(2), reading.timeline().selection().getSelectedEvent());
    }

    @Test
    void aBatchChangesOnlyTheRowsOfTheThreadsItTouchesAndAddsTheNewOnes() {
        reading.append(events.subList(0, 3));
        List<ThreadSummary> before = List.copyOf(reading.threads().threads());
        List<String> changes = new ArrayList<>();
        reading.threads().threads().addListener((ListChangeListener<ThreadSummary>) c -> {
            while (c.next()) {
                changes.add(c.wasReplaced() ? c.getFrom() + "-" + c.getTo() + " set" : c.getFrom() + " +" + c.getAddedSize());
            }
        });
        Event next = events.get(3);
        int row = before.stream().map(ThreadSummary::threadId).toList().indexOf(Optional.of(next.threadId()));

        reading.append(List.of(next));

        assertEquals(List.of("0-" + (row + 1) + " set"), changes, "All threads and " + next.threadId() + ", in one part");
        for (int i = 1; i < before.size(); i++) {
            if (i != row) {
                assertSame(before.get(i), reading.threads().threads().get(i));
            }
        }
        assertEquals(before.get(row).events() + 1, reading.threads().threads().get(row).events());
    }

    /**
     * The thread, event, kinds and search the user set while the file was read are those of the trace read whole: the
     * same view-models take the trace, and their rows are the whole trace's, filtered as set.
     */
    @Test
    void theTraceReadWholeKeepsWhatTheUserSetWhileItWasRead() {
        reading.append(events.subList(0, 5));
        reading.threads().select(row("m:s1"));
        reading.timeline().selection().select(events.get(3));
        reading.timeline().filter().showKind(EventKind.STATE, false);
        reading.timeline().search().search("tea");
        reading.append(events.subList(5, events.size()));
        EventFilter set = reading.timeline().filter().filterProperty().get();

        reading.readWhole(LoadedTrace.toShow(trace));

        assertFalse(reading.readingProperty().get());
        assertTrue(reading.readSoFar().isEmpty());
        assertSame(trace, reading.loaded().trace());
        assertEquals(Optional.of("m:s1"), reading.threads().selectedThreadId());
        assertEquals(ThreadSummary.of(trace), reading.threads().threads(), "the whole trace's threads");
        assertSame(trace.event(3), reading.timeline().selection().getSelectedEvent(), "the whole trace's event");
        EventFilter now = reading.timeline().filter().filterProperty().get();
        assertEquals("tea", now.search());
        assertEquals(set.threadId(), now.threadId());
        assertEquals(set.kinds(), now.kinds());
        // The rows a trace opened whole shows with the same thread, kinds and search.
        TraceViewModel whole = new TraceViewModel(LoadedTrace.of(trace), new SyncTaskRunner(), new SyncTaskRunner(),
                validator::validate);
        whole.threads().select(whole.threads().threads().stream()
                .filter(r -> r.threadId().equals(Optional.of("m:s1"))).findFirst().orElseThrow());
        whole.timeline().filter().showKind(EventKind.STATE, false);
        whole.timeline().search().search("tea");
        assertFalse(whole.timeline().table().rows().isEmpty());
        assertEquals(whole.timeline().table().rows(), reading.timeline().table().rows());
        assertEquals(trace.events().size(), reading.timeline().table().totalCount());
        assertFalse(reading.timeline().table().growingProperty().get(), "the columns are sized for the rows there are");
    }

    private ThreadSummary row(String threadId) {
        return reading.threads().threads().stream()
                .filter(r -> r.threadId().equals(Optional.of(threadId))).findFirst().orElseThrow();
    }
}
