package dev.tracedeck.importers.pydanticai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PydanticAiImporterTest {

    private static Trace read(String name, String text) throws ImportException {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    @Test
    void aResponseIsACallBilledItsUsageWithTheCacheInsideTheInput() throws Exception {
        Trace trace = read("history.json", """
                [{"parts": [{"content": "hi", "part_kind": "user-prompt"}], "kind": "request"},
                 {"parts": [{"content": "hello", "part_kind": "text"}], "kind": "response", "model_name": "claude-sonnet-4-5",
                  "usage": {"input_tokens": 1200, "cache_read_tokens": 1000, "cache_write_tokens": 150, "output_tokens": 9}}]
                """);
        List<ModelCall> calls = trace.threads().get(0).records().modelCalls();
        assertEquals(1, calls.size());
        assertEquals("claude-sonnet-4-5", calls.get(0).model());
        assertEquals(Optional.of(new TokenUsage(1200, 1000, 150, 9)), calls.get(0).usage());
    }

    @Test
    void theUsageNamesBeforeTheRefactorAreRead() throws Exception {
        // Pydantic AI before its usage refactor stored request_tokens/response_tokens (and vendor_details).
        String stored = """
                [{"parts": [{"content": "What is 2 + 2?", "timestamp": "2025-06-01T10:00:00Z", "part_kind": "user-prompt"}],
                  "instructions": null, "kind": "request"},
                 {"parts": [{"content": "4", "part_kind": "text"}], "model_name": "gpt-5-2025-08-07",
                  "usage": {"requests": 1, "request_tokens": 13, "response_tokens": 76, "total_tokens": 89, "details": {}},
                  "timestamp": "2025-06-01T10:00:01Z", "kind": "response", "vendor_details": null, "vendor_id": "resp_1"}]
                """;
        List<ModelCall> calls = read("stored.json", stored).threads().get(0).records().modelCalls();
        assertEquals(Optional.of(new TokenUsage(13, 0, 0, 76)), calls.get(0).usage());
        assertEquals("gpt-5-2025-08-07", calls.get(0).model());
    }

    @Test
    void aHistoryEndingAtAResponseWithCallsEndsAtTheAnswer() throws Exception {
        // Pydantic AI runs a trailing response's calls when the history is passed on: they are not lost.
        Trace pending = read("history.json", """
                [{"parts": [{"content": "weather?", "part_kind": "user-prompt"}], "kind": "request"},
                 {"parts": [{"tool_name": "w", "args": {}, "tool_call_id": "c1", "part_kind": "tool-call"}], "kind": "response"}]
                """);
        assertTrue(pending.threads().get(0).records().endsAtModelAnswer());
        Trace interrupted = read("history.json", """
                [{"parts": [{"content": "weather?", "part_kind": "user-prompt"}], "kind": "request"},
                 {"parts": [{"tool_name": "w", "args": {}, "tool_call_id": "c1", "part_kind": "tool-call"}], "kind": "response",
                  "state": "interrupted"}]
                """);
        assertFalse(interrupted.threads().get(0).records().endsAtModelAnswer(), "its call was never run");
    }

    @Test
    void eachLineOfStoredHistoriesIsAThread() throws Exception {
        Trace trace = read("histories.jsonl", """
                [{"parts": [{"content": "a", "part_kind": "user-prompt"}], "kind": "request", "conversation_id": "conv-a"}]
                [{"parts": [{"content": "b", "part_kind": "user-prompt"}], "kind": "request"}]
                """);
        assertEquals(List.of("conv-a", "line 2"), trace.threads().stream().map(t -> t.id()).toList());
    }

    @Test
    void aRetryWithoutAToolIsTheUsersFeedbackAndAnUnknownRequestPartIsMalformed() throws Exception {
        Trace trace = read("history.json", """
                [{"parts": [{"content": "give me a number", "part_kind": "user-prompt"}], "kind": "request"},
                 {"parts": [{"content": "seven", "part_kind": "text"}], "kind": "response"},
                 {"parts": [{"content": "not an int", "tool_name": null, "tool_call_id": "r1", "part_kind": "retry-prompt"},
                            {"content": "?", "part_kind": "mystery"}], "kind": "request"}]
                """);
        assertEquals(1, trace.report().malformedRecords());
    }

    @Test
    void aRequestsInstructionsAreRecordedAsSentApartFromTheHistory() throws Exception {
        // Pydantic AI sends a request's instructions at the head of the request, not where the request sits.
        Trace trace = read("history.json", """
                [{"parts": [{"content": "hi", "part_kind": "user-prompt"}], "instructions": "Be brief.", "kind": "request"},
                 {"parts": [{"tool_name": "f", "args": "{}", "tool_call_id": "c1", "part_kind": "tool-call"}], "kind": "response"},
                 {"parts": [{"tool_name": "f", "content": "ok", "tool_call_id": "c1", "part_kind": "tool-return"}],
                  "instructions": "Be brief. It is Monday.", "kind": "request"}]
                """);
        var thread = trace.threads().get(0);
        var instructions = thread.records().instructions();
        assertEquals(2, instructions.size());
        assertEquals("Be brief. It is Monday.",
                ((dev.tracedeck.model.event.Payload.ConversationMessage) instructions.get(1).payload()).message().content());
        assertTrue(thread.records().isInstructions(instructions.get(1)));
        assertFalse(thread.records().isInstructions(thread.events().get(thread.events().size() - 1)));
    }

    @Test
    void aSpokenTurnIsTheUsersOrTheModelsTranscriptNotAMalformedPart() throws Exception {
        Trace trace = read("history.json", """
                [{"parts": [{"speaker": "user", "transcript": "what time is it", "audio": null, "part_kind": "speech"}], "kind": "request"},
                 {"parts": [{"speaker": "assistant", "transcript": "It is noon.", "part_kind": "speech"},
                            {"content": "Earlier turns, summarised.", "part_kind": "compaction"}], "kind": "response"}]
                """);
        assertEquals(0, trace.report().malformedRecords());
        var texts = trace.events().stream().filter(e -> e.payload() instanceof dev.tracedeck.model.event.Payload.ConversationMessage)
                .map(e -> ((dev.tracedeck.model.event.Payload.ConversationMessage) e.payload()).message())
                .map(m -> m.role() + ": " + m.content()).toList();
        assertEquals(java.util.List.of("user: what time is it", "assistant: It is noon.\n[compaction: Earlier turns, summarised.]"),
                texts);
    }
}
