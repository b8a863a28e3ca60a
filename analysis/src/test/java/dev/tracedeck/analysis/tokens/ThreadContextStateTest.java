package dev.tracedeck.analysis.tokens;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A dump's entries as the prompt's messages: the call ids a LangGraph checkpoint keeps, and why a count is a bound. */
class ThreadContextStateTest {

    private static final StateEntry CALL = new StateEntry(1, "ai", "", 1, List.of("get_weather"), false, "", false,
            List.of("call_W1"), "");
    private static final StateEntry RESULT = new StateEntry(2, "tool", "", 0, List.of(), false, "{\"temp_c\": 3}", false,
            List.of(), "call_W1");

    @Test
    void aCheckpointsCallIdsPairTheCallWithItsResult() {
        Message call = ThreadContext.asMessage(CALL);
        Message result = ThreadContext.asMessage(RESULT);
        assertEquals(List.of("call_W1"), call.toolCalls().stream().map(ToolCall::id).toList());
        assertEquals("tool", result.role());
        assertEquals("call_W1", result.toolCallId());
        assertEquals("", ThreadContext.asMessage(new StateEntry(1, "ai", "", 1, List.of("add_entry"), false, "", false))
                .toolCalls().get(0).id(), "a Mycelian entry has no ids");
    }

    @Test
    void aCallParsedFromTextGetsNoIdBesideTheLoggedOnes() {
        StateEntry lifted = CALL.withCallsFromText(List.of("search"));
        assertEquals(List.of("call_W1", ""), lifted.toolCallIds());
        assertEquals(List.of("call_W1", ""), ThreadContext.asMessage(lifted).toolCalls().stream().map(ToolCall::id).toList());
        assertEquals(1, lifted.parsedFromText());
    }

    @Test
    void onlyALogsPreviewsAreCalledPreviews() {
        StateSnapshot log = StateSnapshot.ofMessages("t", 2, List.of(CALL, RESULT), new int[] {1, 2});
        assertEquals(ThreadContext.PREVIEWS, ThreadContext.lowerBound(log));
        assertEquals(ThreadContext.CALLS_BY_NAME, ThreadContext.lowerBound(log.asVerbatim()));
    }
}
