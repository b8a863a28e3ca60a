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
import java.util.OptionalInt;
import java.util.Random;
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
    void theBytesInTheFileBoundTheContentsLengthsWithoutReadingIt() {
        Message left = inFile();
        int bytes = left.contentBytesInFile().orElseThrow();
        file[12] = 'X'; // were the content read, it would now be the placeholder
        assertTrue(bytes >= CONTENT.getBytes(StandardCharsets.UTF_8).length);
        assertTrue(bytes >= CONTENT.length());
        assertEquals(OptionalInt.empty(), new Message("user", CONTENT, List.of(), "").contentBytesInFile());
    }

    @Test
    void theBytesInTheFileBoundTheLengthsOfRandomContentsWrittenAnyWayJsonAllows() throws SourceChangedException {
        Random random = new Random(11);
        String alphabet = "a Z0\n\t\"\\/<{é東ÿࠀ￿";
        for (int round = 0; round < 2_000; round++) {
            StringBuilder content = new StringBuilder();
            for (int i = random.nextInt(30); i > 0; i--) {
                int kind = random.nextInt(4);
                if (kind == 0) {
                    content.appendCodePoint(0x10000 + random.nextInt(0x10000)); // a surrogate pair
                } else if (kind == 1 && random.nextInt(8) == 0) {
                    content.append((char) (0xd800 + random.nextInt(0x800))); // a lone surrogate, only escaped
                } else {
                    content.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            String text = content.toString();
            String json = Json.write(text, random);
            Message left = messageInFile(json);
            assertEquals(text, left.exactContent(), json);
            int bytes = left.contentBytesInFile().orElseThrow();
            assertTrue(bytes >= text.getBytes(StandardCharsets.UTF_8).length, json);
            assertTrue(bytes >= text.length(), json);
            assertTrue(bytes >= text.codePointCount(0, text.length()), json);
        }
    }

    /** JSON's ways of writing a string: any character may be escaped, some must be, lone surrogates can only be. */
    private static final class Json {
        static String write(String text, Random random) {
            StringBuilder json = new StringBuilder();
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
                boolean lone = Character.isSurrogate(c) && !pair; // the low half of a pair is taken with its high half
                if (c == '"' || c == '\\') {
                    json.append('\\').append(c);
                } else if (c == '\n' && random.nextBoolean()) {
                    json.append("\\n");
                } else if (pair) {
                    char low = text.charAt(++i);
                    json.append(random.nextInt(5) == 0 ? String.format("\\u%04x\\u%04x", (int) c, (int) low) : "" + c + low);
                } else if (c < 0x20 || lone || random.nextInt(5) == 0) {
                    json.append(String.format("\\u%04x", (int) c));
                } else {
                    json.append(c);
                }
            }
            return json.toString();
        }
    }

    /** A message whose content is the JSON string {@code json} (its characters, without quotes) of a record. */
    private static Message messageInFile(String json) {
        byte[] record = ("{\"content\": \"" + json + "\"}").getBytes(StandardCharsets.UTF_8);
        CRC32C crc = new CRC32C();
        crc.update(record);
        SourceText.Reread reread = (offset, length, checksum) -> new String(record, StandardCharsets.UTF_8);
        SourceText.InFile range = new SourceText.InFile(reread, 0, record.length, (int) crc.getValue());
        int start = "{\"content\": \"".length();
        return Message.withContentInFile("user", range, start, record.length - 2, List.of(), "", "");
    }

    @Test
    void aFileThatNoLongerHoldsTheRecordSaysSo() {
        Message left = inFile();
        file[12] = 'X';
        assertTrue(left.content().startsWith("[this record's text is read from chat.jsonl"), left.content());
        assertThrows(SourceChangedException.class, left::exactContent);
    }
}
