package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.cli.fixtures.TestFindings;
import dev.tracedeck.cli.fixtures.TestTraces;
import dev.tracedeck.desktop.findings.EvidenceIndex;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.trace.Trace;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
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
    void onlyFlaggedShowsTheEvidenceOfFindingsAndComposesWithTheRest() {
        EventFilter flagged = EventFilter.ALL.withEvidence(EvidenceIndex.of(TestFindings.of(trace))).withOnlyFlagged(true);

        assertEquals(List.of(3, 4, 5, 7), seqs(flagged));
        assertEquals(List.of(3, 5), seqs(flagged.withKinds(EnumSet.of(EventKind.TOOL_CALL))));
        assertEquals(List.of(3), seqs(flagged.withSearch("green")));
        assertEquals(List.of(), seqs(flagged.withThread(Optional.of("m:s2"))));
        assertEquals(List.of(), seqs(EventFilter.ALL.withOnlyFlagged(true)), "nothing is flagged before the checks");
    }

    @Test
    void relaxesJustEnoughToShowAnEvent() {
        EventFilter narrow = EventFilter.ALL.withThread(Optional.of("m:s2")).withKinds(EnumSet.of(EventKind.STATE))
                .withSearch("zzz").withOnlyFlagged(true).withEvidence(EvidenceIndex.of(TestFindings.of(trace)));

        EventFilter relaxed = narrow.relaxedFor(trace.event(3));

        assertTrue(relaxed.test(trace.event(3)));
        assertEquals(Optional.empty(), relaxed.threadId());
        assertEquals(EnumSet.of(EventKind.STATE, EventKind.TOOL_CALL), relaxed.kinds());
        assertEquals("", relaxed.search());
        assertTrue(relaxed.onlyFlagged(), "the event is flagged, so the toggle stays");
        EventFilter showing = EventFilter.ALL.withSearch("green");
        assertEquals(showing, showing.relaxedFor(trace.event(3)), "what shows it already stays");
    }

    @Test
    void aTextKeptInTheFileIsNotReadToSearchTheContentAndCallsAreSearchedInstead() {
        int[] reads = {0};
        SourceText inFile = new SourceText.InFile((offset, length, checksum) -> {
            reads[0]++;
            return "{\"role\": \"assistant\", \"content\": \"...\"}";
        }, 0, 40, 0);
        String content = "a long answer " + "padding ".repeat(60) + "NEEDLE at the end, past the summary's cut";
        Event message = new Event(0, "message", "", "t", SourceRef.line("f.jsonl", 1), inFile,
                new Payload.ConversationMessage(new Message("assistant", content,
                        List.of(new ToolCall("call_9", "lookup", "{\"city\": \"東京\"}", Optional.empty(), false)), ""),
                        OptionalInt.of(0), content.length(), false));

        assertFalse(message.summary().contains("NEEDLE"), "the summary is cut, so it alone would miss it");
        assertTrue(EventFilter.ALL.withSearch("needle").test(message));
        assertTrue(EventFilter.ALL.withSearch("東京").test(message), "a call's arguments");
        assertTrue(EventFilter.ALL.withSearch("call_9").test(message), "a call's id");
        assertFalse(EventFilter.ALL.withSearch("role").test(message), "the JSON's keys are not read from the file");
        assertEquals(0, reads[0], "searching reads no file");
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
