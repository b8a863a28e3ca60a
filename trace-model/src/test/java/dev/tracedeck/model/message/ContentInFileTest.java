package dev.tracedeck.model.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.source.SourceText;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * A message whose content is left in its file reads, compares and prints as the same message holding that content;
 * and when the file no longer holds its record, it says so rather than reading other bytes.
 */
class ContentInFileTest {

    /** A message record at offset 5 of a file, its content the JSON string at {@code "content": "…"}. */
    private static final String RECORD = "{\"role\": \"user\", \"content\": \"caf\\u00e9 東京\\n\\ud83d\\ude00 \\\"q\\\" \\/ \\ud800 x\"}";
    private static final String CONTENT = "café 東京\n\ud83d\ude00 \"q\" / \ud800 x";

    private final byte[] file = ("12345" + RECORD + "\n").getBytes(StandardCharsets.UTF_8);

    private Message inFile() {
        byte[] record = RECORD.getBytes(StandardCharsets.UTF_8);
        CRC32C crc = new CRC32C();
        crc.update(record);
        SourceText.InFile range = new SourceText.InFile(this::read, 5, record.length, (int) crc.getValue());
        int start = RECORD.indexOf("caf");
        int end = new String(record, StandardCharsets.UTF_8).lastIndexOf('"');
        int startByte = RECORD.substring(0, start).getBytes(StandardCharsets.UTF_8).length;
        int endByte = RECORD.substring(0, end).getBytes(StandardCharsets.UTF_8).length;
        ToolCall call = new ToolCall("c1", "search", "{}", java.util.Optional.empty(), false);
        return Message.withContentInFile("user", range, startByte, endByte, List.of(call), "", "n");
    }

    private String read(long offset, int length, int checksum) throws SourceChangedException {
        byte[] bytes = Arrays.copyOfRange(file, (int) offset, (int) offset + length);
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        if ((int) crc.getValue() != checksum) {
            throw new SourceChangedException("chat.jsonl", offset, length, "the file changed since it was opened");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void aContentLeftInTheFileIsTheSameMessageAsOneHoldingIt() throws SourceChangedException {
        Message left = inFile();
        Message held = new Message("user", CONTENT, left.toolCalls(), "", "n");

        assertFalse(left.contentHeld());
        assertEquals(CONTENT, left.content());
        assertEquals(CONTENT, left.exactContent());
        assertEquals(held, left);
        assertEquals(left, held);
        assertEquals(held.hashCode(), left.hashCode());
        assertEquals(held.toString(), left.toString());
        assertEquals(held.withToolCalls(List.of()), left.withToolCalls(List.of()));
        assertFalse(left.withToolCalls(List.of()).contentHeld(), "its content stays where it was");
    }

    @Test
    void aFileThatNoLongerHoldsTheRecordSaysSo() {
        Message left = inFile();
        file[12] = 'X';
        assertTrue(left.content().startsWith("[this record's text is read from chat.jsonl"), left.content());
        assertThrows(SourceChangedException.class, left::exactContent);
    }
}
