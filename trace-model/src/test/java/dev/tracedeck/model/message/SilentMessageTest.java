package dev.tracedeck.model.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Whether a message is silent is kept with its content and through a change of its calls, and makes it differ. */
class SilentMessageTest {

    @Test
    void aSilentMessageStaysSilentAndOnlyIt() {
        ToolCall call = new ToolCall("c1", "search", "{}", Optional.empty(), false);
        Message silent = new Message("assistant", "", List.of(call), "", true);
        Message speaking = new Message("assistant", "", List.of(call), "", false);
        assertTrue(silent.silent());
        assertFalse(speaking.silent());
        assertTrue(silent.withToolCalls(List.of()).silent());
        assertFalse(speaking.withToolCalls(List.of()).silent());
        assertTrue(silent.contentHeld());
        assertEquals("", silent.content());
        assertNotEquals(silent, speaking);
        assertEquals(silent, new Message("assistant", "", List.of(call), "", "", true));
        assertTrue(silent.toString().endsWith("silent=true]"));
        assertFalse(new Message("user", "hi", List.of(), "", "bob").silent());
    }
}
