package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.lift.TextCallLifter;
import dev.tracedeck.analysis.rules.chat.OrphanedToolCall;
import dev.tracedeck.analysis.rules.chat.TextToolCallNotRun;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.analysis.textcalls.found.TextCallScope;
import dev.tracedeck.model.conversation.Conversation;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --parse-text-calls}: text calls become structured calls the rules see, marked as parsed from text. */
class TextCallLifterTest {

    private static final String HERMES = "Checking.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>";
    private static final String ADD_ENTRY = "<tool_call>\n{\"name\": \"add_entry\", \"arguments\": {\"memory_id\": \"m-1\", "
            + "\"raw_entry\": \"Where should I go?\", \"tags\": {\"role\": \"user\", \"msg_idx\": 1}}}\n</tool_call>";

    private static TraceThread only(Trace trace) {
        return trace.thread(ThreadFixture.THREAD).orElseThrow();
    }

    @Test
    void anAssistantMessageGetsTheCallItWroteMarkedAsParsedFromText() {
        Trace trace = new ThreadFixture().message(1, "user", "Weather in Paris?").message(2, "assistant", HERMES)
                .trace("openai-chat");
        Trace lifted = TextCallLifter.lift(trace);
        Event message = lifted.event(1);
        Payload.ConversationMessage m = (Payload.ConversationMessage) message.payload();
        assertEquals(1, m.message().toolCalls().size());
        ToolCall call = m.message().toolCalls().get(0);
        assertEquals("get_weather", call.name());
        assertTrue(call.parsedFromText());
        assertEquals("from-text-1-1", call.id());
        assertEquals("{\"city\":\"Paris\"}", call.arguments().orElseThrow().toCompactString());
        assertFalse(call.truncated());
        assertEquals(HERMES, m.message().content(), "the text stays as logged: spans and evidence point into it");
        assertEquals(EventKind.TOOL_CALL, message.kind());
        assertEquals(trace.event(1).source(), message.source());
        assertTrue(((Payload.ConversationMessage) trace.event(1).payload()).message().toolCalls().isEmpty(),
                "the trace given is not changed");
    }

    @Test
    void theUnrunCallIsReportedOnceByOrphanedToolCallNotTwice() {
        Trace trace = new ThreadFixture().message(1, "user", "Weather in Paris?").message(2, "assistant", HERMES)
                .trace("openai-chat");
        RuleOutcome textBefore = new TextToolCallNotRun().check(only(trace), RuleParameters.DEFAULTS);
        RuleOutcome orphanBefore = new OrphanedToolCall().check(only(trace), RuleParameters.DEFAULTS);
        assertEquals(1, textBefore.problems().size());
        assertFalse(orphanBefore.applicable());

        Trace lifted = TextCallLifter.lift(trace);
        RuleOutcome text = new TextToolCallNotRun().check(only(lifted), RuleParameters.DEFAULTS);
        RuleOutcome orphan = new OrphanedToolCall().check(only(lifted), RuleParameters.DEFAULTS);
        assertTrue(text.problems().isEmpty(), text.problems().toString());
        assertEquals(1, orphan.problems().size());
        assertTrue(orphan.problems().get(0).message().contains("(calls parsed from its text)"),
                orphan.problems().get(0).message());
        List<FoundTextCall> found = TextToolCallNotRun.find(only(lifted), lifted.format()).calls();
        assertEquals(1, found.size());
        assertTrue(found.get(0).structured());
        assertFalse(found.get(0).executed(), "the call made from the text is not proof that anything ran it");
        assertEquals(TextToolCallNotRun.find(only(trace), trace.format()).calls().get(0).call(), found.get(0).call(),
                "the same call, with the same confidence, whether lifted or not");
    }

    @Test
    void aCallTheAgentRanIsLeftAloneSoNoSecondCallGoesUnanswered() {
        Trace ran = new ThreadFixture().message(1, "user", "Weather in Paris?").message(2, "assistant", HERMES)
                .call("get_weather", "assistant", 2, "city", "Paris").trace("openai-chat");
        assertSame(ran, TextCallLifter.lift(ran));
        Trace unsure = new ThreadFixture()
                .message(1, "assistant", "Sure: {\"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}} one moment.")
                .trace("openai-chat");
        assertSame(unsure, TextCallLifter.lift(unsure), "under the threshold a call stays text");
    }

    @Test
    void aStateEntryGetsTheNameInEveryDumpThatHoldsItStillShared() {
        Trace trace = new ThreadFixture().cleanStart().message(1, "user", "Where should I go?").aiText(ADD_ENTRY).dump()
                .message(2, "assistant", "Lisbon.").aiText("Noted.").dump().trace();
        Trace lifted = TextCallLifter.lift(trace);
        List<Event> dumps = only(lifted).snapshots();
        List<Event> before = only(trace).snapshots();
        int position = -1;
        Payload.StateDump first = (Payload.StateDump) dumps.get(dumps.size() - 2).payload();
        for (int i = 0; i < first.snapshot().size(); i++) {
            if (first.snapshot().entries().get(i).parsedFromText() > 0) {
                position = i;
            }
        }
        assertTrue(position >= 0, "the entry that writes the call is lifted");
        StateEntry entry = first.snapshot().entries().get(position);
        assertEquals(List.of("add_entry"), entry.toolNames());
        assertEquals(1, entry.toolCallCount());
        assertTrue(entry.label().endsWith("tool_calls=1[add_entry] parsed from text"), entry.label());
        Payload.StateDump last = (Payload.StateDump) dumps.get(dumps.size() - 1).payload();
        assertSame(entry, last.snapshot().entries().get(position), "dumps still share the entry");
        for (int i = 0; i < dumps.size(); i++) {
            assertEquals(((Payload.StateDump) before.get(i).payload()).diff(), ((Payload.StateDump) dumps.get(i).payload()).diff());
        }
        ToolCall seen = Conversation.asMessage(entry).toolCalls().get(0);
        assertTrue(seen.parsedFromText(), "prune strategies and token counts see the call, marked");

        TextToolCallNotRun rule = new TextToolCallNotRun(TextCallScope.STATE_ENTRIES);
        assertEquals(1, rule.check(only(trace), RuleParameters.DEFAULTS).problems().size());
        assertTrue(rule.check(only(lifted), RuleParameters.DEFAULTS).problems().isEmpty());
        List<RuleOutcome.Problem> orphans = new OrphanedToolCall().check(only(lifted), RuleParameters.DEFAULTS).problems();
        assertEquals(1, orphans.size(), orphans.toString());
        assertTrue(orphans.get(0).message().contains("calls add_entry"), orphans.get(0).message());
        assertEquals(position, orphans.get(0).blamed().get(0).position());
    }
}
