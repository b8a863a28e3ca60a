package dev.tracedeck.analysis.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.prune.History;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.shape.ChipKind;
import dev.tracedeck.analysis.shape.ShapeDivergence;
import dev.tracedeck.analysis.shape.StateShape;
import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ShapesAndVerdictsTest {

    private static final Event POINT = new Event(0, "message", "", "t", SourceRef.line("f", 1), "",
            new Payload.ConversationMessage(Message.text("user", "x"), OptionalInt.empty(), 1, false));

    private static StateShape shape(PromptMessage... messages) {
        List<Integer> lines = new ArrayList<>();
        for (int i = 0; i < messages.length; i++) {
            lines.add(i + 1);
        }
        return StateShape.of(new ThreadHistory(POINT, History.of(List.of(messages)), lines));
    }

    private static PromptMessage calls(String tool) {
        return PromptMessage.of(new Message("assistant", "", List.of(new ToolCall("c", tool, "{}", Optional.empty(), false)), ""));
    }

    private static final PromptMessage SYSTEM = PromptMessage.text("system", "You remember.");
    private static final PromptMessage RESULT = PromptMessage.of(new Message("tool", "ok", List.of(), "c"));

    @Test
    void aShapeIsOneChipPerMessageInTurns() {
        StateShape s = shape(SYSTEM, PromptMessage.text("user", "hi"), calls("add_entry"), RESULT,
                PromptMessage.text("assistant", "hello"), PromptMessage.text("user", "bye"));
        assertEquals(List.of(ChipKind.SYSTEM, ChipKind.USER, ChipKind.ASSISTANT_CALLS, ChipKind.TOOL_RESULT,
                ChipKind.ASSISTANT_TEXT, ChipKind.USER), s.chips().stream().map(c -> c.kind()).toList());
        assertEquals(3, s.turns().size());
        assertEquals("assistant → add_entry", s.chips().get(2).label());
    }

    @Test
    void aResultSentInAUserMessageIsAResultAndOpensNoTurn() {
        // Anthropic's Messages API, and Claude Code's transcripts, send a tool_result in a user message.
        PromptMessage userResult = PromptMessage.of(new Message("user", "file contents", List.of(), "c"));
        StateShape s = shape(PromptMessage.text("user", "read it"), calls("Read"), userResult,
                PromptMessage.text("assistant", "done"));
        assertEquals(List.of(ChipKind.USER, ChipKind.ASSISTANT_CALLS, ChipKind.TOOL_RESULT, ChipKind.ASSISTANT_TEXT),
                s.chips().stream().map(c -> c.kind()).toList());
        assertEquals(1, s.turns().size());
    }

    @Test
    void twoRunsDivergeWhereOnePersistedWhatTheOtherDidNot() {
        StateShape before = shape(SYSTEM, PromptMessage.text("user", "hi"), calls("add_entry"), RESULT,
                PromptMessage.text("assistant", "agent's own words"), PromptMessage.text("user", "bye"));
        StateShape after = shape(SYSTEM, PromptMessage.text("user", "hi"), calls("add_entry"), RESULT,
                PromptMessage.text("user", "bye"));
        ShapeDivergence d = ShapeDivergence.between(before, after).orElseThrow();
        assertEquals(1, d.turn());
        assertEquals(3, d.chip());
        assertEquals(ChipKind.ASSISTANT_TEXT, d.before().orElseThrow().kind());
        assertTrue(d.after().isEmpty(), "the after run's turn ends there");
        assertTrue(d.describe().contains("before assistant text (line 5), after nothing"), d.describe());
        assertEquals(Optional.empty(), ShapeDivergence.between(after, after));
    }

    @Test
    void verdictsFollowTheStatusOnEachSide() {
        Optional<CheckStatus> fail = Optional.of(CheckStatus.FAIL);
        Optional<CheckStatus> pass = Optional.of(CheckStatus.PASS);
        Optional<CheckStatus> na = Optional.of(CheckStatus.NOT_APPLICABLE);
        assertEquals(Verdict.FIXED, Verdict.of(fail, pass));
        assertEquals(Verdict.REGRESSED, Verdict.of(pass, fail));
        assertEquals(Verdict.STILL_FAILING, Verdict.of(fail, fail));
        assertEquals(Verdict.PASSING, Verdict.of(pass, pass));
        assertEquals(Verdict.NEWLY_FAILING, Verdict.of(na, fail));
        assertEquals(Verdict.NO_LONGER_CHECKED, Verdict.of(fail, na));
        assertEquals(Verdict.NOT_APPLICABLE, Verdict.of(na, na));
        assertEquals(Verdict.NOT_COMPARED, Verdict.of(Optional.empty(), pass));
    }
}
