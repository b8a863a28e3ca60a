package dev.tracedeck.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.engine.fixtures.TestFindings;
import dev.tracedeck.engine.fixtures.TestTraces;
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

    /**
     * A log's record kept in its file holds more than its payload says (every field of the line): a search reads it back,
     * a block of the file at a time ({@link SourceText.Reread#readBytes}), never the file once per record.
     */
    @Test
    void aLogRecordKeptInTheFileIsReadBackInBlocksToBeSearched() {
        String line = "2025-09-05 10:15:03,329 [agent.py:invoke] LLM_CALL qid=gpt4_105c4318 curated_messages=2 tools=9";
        int[] blockReads = {0};
        SourceText.Reread file = new SourceText.Reread() {
            @Override
            public String read(long offset, int length, int checksum) {
                throw new AssertionError("a search opens the file once per record");
            }

            @Override
            public byte[] readBytes(long offset, int length, int checksum) {
                blockReads[0]++;
                return line.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
        };
        SourceText inFile = new SourceText.InFile(file, 0, line.length(), 0);
        Event call = new Event(0, "LLM_CALL", "10:15:03,329", "m:s1", SourceRef.line("a.log", 4), inFile,
                new Payload.LlmCall(OptionalInt.of(2), OptionalInt.empty()));

        assertTrue(EventFilter.ALL.withSearch("gpt4_105c4318").test(call), "a field only the record's text holds");
        assertFalse(EventFilter.ALL.withSearch("tools=10").test(call));
        assertEquals(2, blockReads[0]);
    }

    /**
     * A log read from disk keeps most records' texts in the file; searching it finds exactly what searching the same
     * bytes read into memory finds, for words of a record's fields, its logging prefix and its message.
     */
    @Test
    void aLogFromDiskIsSearchedAsTheSameLogInMemory() throws Exception {
        List<String> searches = List.of("log_conversation", "qid=", "msg_idx=3", "curated", "add_entry", "Portugal",
                "tool_calls", "state.py", "10:15:1", "memory_id", "assistant", "zzz-nowhere");
        java.nio.file.Path dir = java.nio.file.Path.of("../sample-logs/mycelian");
        List<java.nio.file.Path> logs;
        try (var files = java.nio.file.Files.list(dir)) {
            logs = files.filter(f -> f.toString().endsWith(".log")).sorted().toList();
        }
        var importer = new dev.tracedeck.importers.mycelian.MycelianLogImporter();
        int notHeld = 0;
        for (java.nio.file.Path log : logs) {
            Trace disk = importer.read(dev.tracedeck.importers.ImportSource.of(log), dev.tracedeck.importers.ImportListener.NONE);
            Trace memory = importer.read(dev.tracedeck.importers.ImportSource.of(log.toString(),
                    java.nio.file.Files.readAllBytes(log)), dev.tracedeck.importers.ImportListener.NONE);
            notHeld += (int) disk.events().stream().filter(e -> !e.sourceText().isHeld()).count();
            for (String search : searches) {
                EventFilter filter = EventFilter.ALL.withSearch(search);
                assertEquals(memory.events().stream().filter(filter).map(Event::seq).toList(),
                        disk.events().stream().filter(filter).map(Event::seq).toList(), log.getFileName() + ": " + search);
            }
        }
        assertTrue(notHeld > 100, "records kept in their files: " + notHeld);
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
