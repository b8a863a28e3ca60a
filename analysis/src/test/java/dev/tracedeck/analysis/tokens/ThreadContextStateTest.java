package dev.tracedeck.analysis.tokens;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Why a count made from a dump is a bound: a log's previews are cut, a checkpoint keeps calls by name only. */
class ThreadContextStateTest {

    private static final StateEntry CALL = new StateEntry(1, "ai", "", 1, List.of("get_weather"), false, "", false,
            List.of("call_W1"), "");
    private static final StateEntry RESULT = new StateEntry(2, "tool", "", 0, List.of(), false, "{\"temp_c\": 3}", false,
            List.of(), "call_W1");

    @Test
    void onlyALogsPreviewsAreCalledPreviews() {
        StateSnapshot log = StateSnapshot.ofMessages("t", 2, List.of(CALL, RESULT), new int[] {1, 2});
        assertEquals(ThreadContext.PREVIEWS, ThreadContext.lowerBound(log));
        assertEquals(ThreadContext.CALLS_BY_NAME, ThreadContext.lowerBound(log.asVerbatim()));
    }
}
