package dev.tracedeck.app.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.app.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EventFilterTest {

    private final Trace trace = TestTraces.small();

    @Test
    void allShowsEveryEvent() {
        assertEquals(trace.events(), shown(EventFilter.ALL));
    }

    @Test
    void narrowsToOneThread() {
        assertEquals(List.of(8), seqs(EventFilter.ALL.withThread(Optional.of("m:s2"))));
        assertEquals(List.of(0, 9), seqs(EventFilter.ALL.withThread(Optional.of(""))), "the run's own events form a thread too");
    }

    @Test
    void narrowsToKinds() {
        assertEquals(List.of(4, 6, 7), seqs(EventFilter.ALL.withKinds(EnumSet.of(EventKind.STATE, EventKind.ERROR))));
        assertEquals(List.of(), seqs(EventFilter.ALL.withKinds(EnumSet.noneOf(EventKind.class))));
    }

    @Test
    void searchesSummaryTextKeywordAndThreadIgnoringCase() {
        assertEquals(List.of(2, 3), seqs(EventFilter.ALL.withSearch("GREEN tea")));
        assertEquals(List.of(7), seqs(EventFilter.ALL.withSearch("ainvoke")));
        assertEquals(List.of(8), seqs(EventFilter.ALL.withSearch(" M:S2 ")));
    }

    @Test
    void combinesItsParts() {
        EventFilter filter = EventFilter.ALL.withThread(Optional.of("m:s1")).withKinds(EnumSet.of(EventKind.TOOL_CALL)).withSearch("green");
        assertEquals(List.of(3), seqs(filter));
    }

    @Test
    void findsNeedlesAnywhereInTheHaystack() {
        assertTrue(EventFilter.containsIgnoreCase("abcDEF", "def"));
        assertTrue(EventFilter.containsIgnoreCase("abc", ""));
        assertFalse(EventFilter.containsIgnoreCase("ab", "abc"));
    }

    private List<Event> shown(EventFilter filter) {
        return trace.events().stream().filter(filter).toList();
    }

    private List<Integer> seqs(EventFilter filter) {
        return shown(filter).stream().map(Event::seq).toList();
    }
}
