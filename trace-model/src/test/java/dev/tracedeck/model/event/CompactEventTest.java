package dev.tracedeck.model.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * An event and a conversation message hold their parts packed (shared with other events, in the sign of an int):
 * each gives back exactly what it was made of, whatever the values, and compares as a record of those parts would.
 */
class CompactEventTest {

    private static final Payload HELLO = new Payload.ControlMessage("hello");

    @Test
    void anEventGivesBackItsSourceAsGiven() {
        List<SourceRef> sources = List.of(SourceRef.line("a.log", 1), new SourceRef("a.log", 7, 12),
                new SourceRef("chat.jsonl", 3, 3, "/messages/2"), new SourceRef("b.json", 1, Integer.MAX_VALUE, "/x"),
                new SourceRef("", Integer.MAX_VALUE, Integer.MAX_VALUE, "/~0/~1"));
        for (SourceRef source : sources) {
            Event e = new Event(4, "MSG", "10:00", "t1", source, "text", HELLO);
            assertEquals(source, e.source());
            assertEquals(source.firstLine(), e.firstLine());
            assertEquals(source.lastLine(), e.lastLine());
            assertEquals("MSG", e.keyword());
        }
    }

    @Test
    void eventsThatShareTheirKeywordFileAndPointerKeepTheirOwnLines() {
        Event first = new Event(0, "message", "", "t", new SourceRef("chat.jsonl", 5, 5, "/messages/0"), "a", HELLO);
        Event second = new Event(1, "message", "", "t", new SourceRef("chat.jsonl", 9, 9, "/messages/0"), "a", HELLO);
        Event third = new Event(2, "tool_call", "", "t", new SourceRef("chat.jsonl", 9, 10, "/messages/1"), "a", HELLO);
        assertEquals(new SourceRef("chat.jsonl", 5, 5, "/messages/0"), first.source());
        assertEquals(new SourceRef("chat.jsonl", 9, 9, "/messages/0"), second.source());
        assertEquals(new SourceRef("chat.jsonl", 9, 10, "/messages/1"), third.source());
        assertEquals("tool_call", third.keyword());
    }

    @Test
    void eventsAreEqualWhenAllTheirPartsAre() {
        SourceRef at = new SourceRef("a.log", 2, 3);
        Event e = new Event(1, "MSG", "t0", "th", at, "text", HELLO);
        Event same = new Event(1, "MSG", "t0", "th", new SourceRef("a.log", 2, 3), "text", new Payload.ControlMessage("hello"));
        assertEquals(e, same);
        assertEquals(e.hashCode(), same.hashCode());
        assertEquals(e.toString(), same.toString());
        assertNotEquals(e, new Event(2, "MSG", "t0", "th", at, "text", HELLO));
        assertNotEquals(e, new Event(1, "SYS", "t0", "th", at, "text", HELLO));
        assertNotEquals(e, new Event(1, "MSG", "t1", "th", at, "text", HELLO));
        assertNotEquals(e, new Event(1, "MSG", "t0", "x", at, "text", HELLO));
        assertNotEquals(e, new Event(1, "MSG", "t0", "th", new SourceRef("a.log", 2, 4), "text", HELLO));
        assertNotEquals(e, new Event(1, "MSG", "t0", "th", new SourceRef("a.log", 1, 3), "text", HELLO));
        assertNotEquals(e, new Event(1, "MSG", "t0", "th", new SourceRef("b.log", 2, 3), "text", HELLO));
        assertNotEquals(e, new Event(1, "MSG", "t0", "th", new SourceRef("a.log", 2, 3, "/0"), "text", HELLO));
        assertNotEquals(e, new Event(1, "MSG", "t0", "th", at, "other", HELLO));
        assertNotEquals(e, new Event(1, "MSG", "t0", "th", at, "text", new Payload.ControlMessage("bye")));
    }

    @Test
    void anEventRefusesWhatItsRecordRefused() {
        SourceRef at = SourceRef.line("a.log", 1);
        assertThrows(IllegalArgumentException.class, () -> new Event(-1, "", "", "", at, "", HELLO));
        assertThrows(NullPointerException.class, () -> new Event(0, null, "", "", at, "", HELLO));
        assertThrows(NullPointerException.class, () -> new Event(0, "", "", "", null, "", HELLO));
        assertThrows(NullPointerException.class, () -> new Event(0, "", "", "", at, "", null));
    }

    @Test
    void aConversationMessageGivesBackItsIndexLengthAndCutWhateverTheirValues() {
        Message m = Message.text("user", "hi");
        List<OptionalInt> indexes = List.of(OptionalInt.empty(), OptionalInt.of(0), OptionalInt.of(3), OptionalInt.of(1023),
                OptionalInt.of(1024), OptionalInt.of(-1), OptionalInt.of(Integer.MIN_VALUE), OptionalInt.of(Integer.MAX_VALUE));
        int[] lengths = {0, 1, 200, Integer.MAX_VALUE, -1, -200, Integer.MIN_VALUE};
        for (OptionalInt index : indexes) {
            for (int length : lengths) {
                for (boolean cut : new boolean[] {false, true}) {
                    Payload.ConversationMessage p = new Payload.ConversationMessage(m, index, length, cut);
                    String what = index + " " + length + " " + cut;
                    assertEquals(index, p.msgIdx(), what);
                    assertEquals(length, p.fullLength(), what);
                    assertEquals(cut, p.previewCut(), what);
                    assertEquals(m, p.message(), what);
                    Payload.ConversationMessage same = new Payload.ConversationMessage(Message.text("user", "hi"), index,
                            length, cut);
                    assertEquals(p, same, what);
                    assertEquals(p.hashCode(), same.hashCode(), what);
                    assertNotEquals(p, new Payload.ConversationMessage(m, index, length, !cut), what);
                    assertNotEquals(p, new Payload.ConversationMessage(m, index, length ^ 1, cut), what);
                }
            }
        }
    }

    @Test
    void conversationMessagesDifferByIndexAndMessage() {
        Message m = Message.text("user", "hi");
        Payload.ConversationMessage p = new Payload.ConversationMessage(m, OptionalInt.of(2), 2, false);
        assertNotEquals(p, new Payload.ConversationMessage(m, OptionalInt.empty(), 2, false));
        assertNotEquals(p, new Payload.ConversationMessage(m, OptionalInt.of(3), 2, false));
        assertNotEquals(p, new Payload.ConversationMessage(Message.text("user", "ho"), OptionalInt.of(2), 2, false));
        assertEquals("ConversationMessage[message=" + m + ", msgIdx=OptionalInt[2], fullLength=2, previewCut=false]",
                p.toString());
    }
}
