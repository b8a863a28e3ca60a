package dev.tracedeck.model.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.source.SourceText;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * A message holds its parts packed (role and name shared, the content's range in one int, silence in the range of a
 * held content): each comes back as given, whatever its size, and compares as it did.
 */
class CompactMessageTest {

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

    @Test
    void rolesAndNamesComeBackAsGivenAndTellMessagesApart() {
        for (String role : List.of("user", "assistant", "tool", "", "Custom Role")) {
            for (String name : List.of("", "bob", "alice")) {
                Message m = new Message(role, "hi", List.of(), "", name);
                assertEquals(role, m.role());
                assertEquals(name, m.name());
                assertEquals(m, new Message(role, "hi", List.of(), "", name));
                assertNotEquals(m, new Message(role + "x", "hi", List.of(), "", name));
                assertNotEquals(m, new Message(role, "hi", List.of(), "", name + "x"));
            }
        }
    }

    @Test
    void aContentFarIntoItsRecordOrLongerThanAMebibyteIsReadWhole() throws SourceChangedException {
        String[] contents = {"short", "x".repeat((1 << 20) + 5), "y".repeat((1 << 20) - 1)};
        String[] prefixes = {"", " ".repeat(2047), " ".repeat(2048), " ".repeat(70_000)};
        for (String content : contents) {
            for (String prefix : prefixes) {
                String record = "{" + prefix + "\"content\": \"" + content + "\"}";
                byte[] bytes = record.getBytes(StandardCharsets.UTF_8);
                CRC32C crc = new CRC32C();
                crc.update(bytes);
                SourceText.InFile range = new SourceText.InFile((offset, length, checksum) -> record, 0, bytes.length,
                        (int) crc.getValue());
                int start = record.indexOf(content);
                Message m = Message.withContentInFile("user", range, start, start + content.length(), List.of(), "c9", "n");
                String what = content.length() + " at " + start;
                assertEquals(content, m.exactContent(), what);
                assertEquals(content.length(), m.contentBytesInFile().orElseThrow(), what);
                assertEquals(new Message("user", content, List.of(), "c9", "n"), m, what);
                assertEquals(content, m.withToolCalls(List.of()).exactContent(), what);
                assertFalse(m.silent(), what);
                assertEquals("c9", m.toolCallId(), what);
                assertEquals("n", m.name(), what);
            }
        }
    }
}
