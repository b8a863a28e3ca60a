package dev.tracedeck.analysis.rules;

import static dev.tracedeck.analysis.rules.RuleAssertions.fails;
import static dev.tracedeck.analysis.rules.RuleAssertions.notApplicable;
import static dev.tracedeck.analysis.rules.RuleAssertions.passes;
import static dev.tracedeck.analysis.rules.ThreadFixture.entryArgs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.EventKind;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A run that dies in a tool call leaves no state that shows the call: the TOOL_CALL line is the only witness. */
class RunsThatDieMidCallTest {

    private static final String REFUSED = "Error code: 400 - {'error': {'message': \"An assistant message with "
            + "'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following";

    /** msg 1 persisted and dumped; msg 2's add_entry never returns; msg 3 is refused by the provider. */
    private static ThreadFixture mcpTimeout() {
        return new ThreadFixture().cleanStart().dump()
                .persisted(1, "user", "Booking the ryokan first.").dump()
                .message(2, "assistant", "Get a Suica card for each child.")
                .callWithoutResult("add_entry", "assistant", 2, entryArgs("Get a Suica card for each child.", "assistant", 2))
                .error("McpError: Timed out while waiting for response to ClientRequest. Waited 30.0 seconds.")
                .message(3, "user", "Which ryokan was it?")
                .error(REFUSED);
    }

    @Test
    void aCallNoLaterStateAnswersIsOrphanedWithItsToolCallLineAsEvidence() {
        Finding orphan = fails(mcpTimeout(), "orphaned-tool-call", 1).get(0);
        assertEquals(OptionalInt.of(2), orphan.msgIdx());
        assertEquals(1, orphan.evidence().size());
        assertEquals(EventKind.TOOL_CALL, orphan.evidence().get(0).kind());
        int callLine = orphan.line();
        assertTrue(orphan.message().startsWith("add_entry call at line " + callLine + " never got a result"), orphan.message());
        assertTrue(orphan.message().contains("failed at line " + (callLine + 1) + " (see agent-error)"), orphan.message());
    }

    @Test
    void theFailedInvocationsNameTheOrphanedCallBack() {
        List<Finding> errors = fails(mcpTimeout(), "agent-error", 2);
        int callLine = fails(mcpTimeout(), "orphaned-tool-call", 1).get(0).line();
        for (Finding error : errors) {
            assertTrue(error.message().contains("the add_entry call at line " + callLine + " got no result (see orphaned-tool-call)"),
                    error.message());
        }
        assertTrue(errors.get(1).message().contains("msg_idx 3 was not persisted"), errors.get(1).message());
    }

    @Test
    void aCallStillWithoutAStateWhenTheLogEndsIsOrphaned() {
        ThreadFixture endsMidCall = new ThreadFixture().cleanStart().dump()
                .message(1, "user", "hi").callWithoutResult("add_entry", "user", 1, entryArgs("hi", "user", 1));
        Finding orphan = fails(endsMidCall, "orphaned-tool-call", 1).get(0);
        assertTrue(orphan.message().endsWith("the log ends without one"), orphan.message());
        passes(endsMidCall, "agent-error");
    }

    @Test
    void aCallFollowedByAStateDumpIsLeftToTheStatesPairing() {
        passes(new ThreadFixture().cleanStart().dump().persisted(1, "user", "hi").dump(), "orphaned-tool-call");
        ThreadFixture resultLost = new ThreadFixture().cleanStart().dump().message(1, "user", "hi")
                .callWithoutResult("add_entry", "user", 1, entryArgs("hi", "user", 1)).dump();
        Finding f = fails(resultLost, "orphaned-tool-call", 1).get(0);
        assertTrue(f.message().startsWith("state entry"), "reported once, as the state entry: " + f.message());
    }

    @Test
    void withoutStateDumpsOnlyTheProvidersRefusalBlamesACall() {
        ThreadFixture noDumps = new ThreadFixture().cleanStart().message(1, "user", "hi")
                .callWithoutResult("add_entry", "user", 1, entryArgs("hi", "user", 1));
        notApplicable(noDumps, "orphaned-tool-call");
        ThreadFixture refused = new ThreadFixture().cleanStart().message(1, "user", "hi")
                .callWithoutResult("add_entry", "user", 1, entryArgs("hi", "user", 1))
                .message(2, "assistant", "hello").error(REFUSED);
        Finding f = fails(refused, "orphaned-tool-call", 1).get(0);
        assertEquals(EventKind.TOOL_CALL, f.evidence().get(0).kind());
        ThreadFixture rateLimited = new ThreadFixture().cleanStart().message(1, "user", "hi")
                .callWithoutResult("add_entry", "user", 1, entryArgs("hi", "user", 1))
                .message(2, "assistant", "hello").error("Error code: 429 - rate limit");
        notApplicable(rateLimited, "orphaned-tool-call");
    }
}
