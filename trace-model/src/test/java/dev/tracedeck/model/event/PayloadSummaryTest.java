package dev.tracedeck.model.event;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.model.state.SnapshotDiff;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class PayloadSummaryTest {

    @Test
    void anLlmCallCountsInTheSingularWhenThereIsOne() {
        assertEquals("1 message in", new Payload.LlmCall(OptionalInt.of(1), OptionalInt.empty()).summary());
        assertEquals("1 tool call out", new Payload.LlmCall(OptionalInt.empty(), OptionalInt.of(1)).summary());
        assertEquals("6 messages in, 0 tool calls out", new Payload.LlmCall(OptionalInt.of(6), OptionalInt.of(0)).summary());
    }

    @Test
    void aStateDumpOfOneMessageSaysMessage() {
        StateEntry hello = new StateEntry(1, "human", "user", 0, List.of(), false, "hello", false);
        StateSnapshot one = StateSnapshot.ofMessages("t:s1", 1, List.of(hello), new int[] {2});
        assertEquals("1 message +1", new Payload.StateDump(one, SnapshotDiff.first(one)).summary());
    }

    @Test
    void aDiffSummaryListsOnlyWhatHappened() {
        assertEquals("+2", new SnapshotDiff(3, 3, 2, List.of(), 0).summary());
        assertEquals("~1 -3", new SnapshotDiff(5, 2, 0, List.of(1), 3).summary());
        assertEquals("=", new SnapshotDiff(5, 5, 0, List.of(), 0).summary());
    }
}
