package dev.tracedeck.model.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.state.SnapshotDiff;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** What a thread's conversation is read from, what it holds at a point, and what message a dump entry stands for. */
class ConversationTest {

    private static final StateEntry CALL = new StateEntry(1, "ai", "", 1, List.of("get_weather"), false, "", false,
            List.of("call_W1"), "");
    private static final StateEntry RESULT = new StateEntry(2, "tool", "", 0, List.of(), false, "{\"temp_c\": 3}", false,
            List.of(), "call_W1");
    private static final StateEntry USER = new StateEntry(0, "human", "", 0, List.of(), false, "Weather in Oslo?", false);

    /** Events of one thread, one per line, in the order added. */
    private static final class ThreadEvents {
        private final List<Event> events = new ArrayList<>();

        Event message(String role, String content) {
            return add(new Payload.ConversationMessage(Message.text(role, content), OptionalInt.of(events.size()),
                    content.length(), false));
        }

        /** A dump of {@code entries}, declaring {@code declared} of them (more when a line could not be parsed). */
        Event dump(int declared, StateEntry... entries) {
            int[] lines = new int[entries.length];
            for (int i = 0; i < lines.length; i++) {
                lines[i] = events.size() + 100 + i;
            }
            StateSnapshot snapshot = StateSnapshot.ofMessages("t", declared, List.of(entries), lines);
            return add(new Payload.StateDump(snapshot, SnapshotDiff.first(snapshot)));
        }

        Event control() {
            return add(new Payload.ControlMessage("FLUSH_CONTEXT"));
        }

        Event add(Payload payload) {
            int line = events.size() + 1;
            Event e = new Event(events.size(), "MSG", "", "t", SourceRef.line("run.log", line), "line " + line, payload);
            events.add(e);
            return e;
        }

        TraceThread thread() {
            return new TraceThread("t", events);
        }
    }

    @Test
    void aThreadWithoutDumpsIsReadFromItsMessagesGrowingOneAtATime() {
        ThreadEvents t = new ThreadEvents();
        Event ask = t.message("user", "Weather in Oslo?");
        t.control();
        Event answer = t.message("assistant", "3 degrees.");
        Conversation conversation = Conversation.of(t.thread());

        assertFalse(conversation.inDumps());
        assertEquals(List.of(ask, answer), conversation.points());
        assertEquals(List.of("Weather in Oslo?"), contents(conversation.at(ask)));
        assertEquals(List.of("Weather in Oslo?", "3 degrees."), contents(conversation.at(answer)));
        assertEquals(List.of(1, 3), conversation.at(answer).stream().map(HeldMessage::line).toList());
    }

    @Test
    void dumpsOfAMessageListSayTheConversationAndTheMessagesBesideThemAreNotPoints() {
        ThreadEvents t = new ThreadEvents();
        Event ask = t.message("user", "Weather in Oslo?");
        Event first = t.dump(1, USER);
        Event second = t.dump(3, USER, CALL, RESULT);
        Conversation conversation = Conversation.of(t.thread());

        assertTrue(conversation.inDumps());
        assertEquals(List.of(first, second), conversation.points());
        assertEquals(List.of(ask), conversation.messages());
        List<HeldMessage> held = conversation.at(second);
        assertEquals(List.of("user", "assistant", "tool"), held.stream().map(h -> h.message().role()).toList());
        assertEquals(List.of(102, 103, 104), held.stream().map(HeldMessage::line).toList());
    }

    @Test
    void whatIsCheckedTrustsOnlyDumpsReadWholeAndElseTheMessages() {
        ThreadEvents t = new ThreadEvents();
        Event ask = t.message("user", "Weather in Oslo?");
        Event gapped = t.dump(3, USER, RESULT);
        Conversation all = Conversation.of(t.thread());
        Conversation whole = Conversation.ofWholeDumps(t.thread());

        assertEquals(List.of(gapped), all.points(), "every dump of a message list is a point of the history");
        assertFalse(whole.inDumps(), "a dump with a line that could not be parsed shows gaps that aren't there");
        assertEquals(List.of(ask), whole.points());

        Event complete = t.dump(3, USER, CALL, RESULT);
        assertEquals(List.of(complete), Conversation.ofWholeDumps(t.thread()).dumps());
    }

    @Test
    void aDumpWithoutAMessageListIsNoPartOfTheConversation() {
        ThreadEvents t = new ThreadEvents();
        Event ask = t.message("user", "Weather in Oslo?");
        StateSnapshot other = StateSnapshot.withoutMessages("t", "dict", "counter");
        t.add(new Payload.StateDump(other, SnapshotDiff.first(other)));
        assertEquals(List.of(ask), Conversation.of(t.thread()).points());
    }

    @Test
    void aCheckpointsCallIdsPairTheCallWithItsResult() {
        Message call = Conversation.asMessage(CALL);
        Message result = Conversation.asMessage(RESULT);
        assertEquals(List.of("call_W1"), call.toolCalls().stream().map(ToolCall::id).toList());
        assertEquals("tool", result.role());
        assertEquals("call_W1", result.toolCallId());
        assertEquals("", Conversation.asMessage(new StateEntry(1, "ai", "", 1, List.of("add_entry"), false, "", false))
                .toolCalls().get(0).id(), "a Mycelian entry has no ids");
    }

    @Test
    void aCallParsedFromTextGetsNoIdBesideTheLoggedOnes() {
        StateEntry lifted = CALL.withCallsFromText(List.of("search"));
        assertEquals(List.of("call_W1", ""), lifted.toolCallIds());
        assertEquals(List.of("call_W1", ""), Conversation.asMessage(lifted).toolCalls().stream().map(ToolCall::id).toList());
        assertEquals(1, lifted.parsedFromText());
    }

    private static List<String> contents(List<HeldMessage> held) {
        return held.stream().map(h -> h.message().content()).toList();
    }
}
