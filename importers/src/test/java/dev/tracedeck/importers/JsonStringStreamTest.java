package dev.tracedeck.importers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonStringStreamTest {

    private static final ObjectMapper ASCII = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    /** Text with every escape JSON has, characters of one to four UTF-8 bytes, and pairs that straddle buffers. */
    private static String awkwardText(int length) {
        String pieces = "{\"a\": \"b\\\\c/\b\f\r\t\u0001é中😀\"}\n";
        Random random = new Random(7);
        StringBuilder text = new StringBuilder();
        while (text.length() < length) {
            int from = random.nextInt(pieces.length());
            if (Character.isLowSurrogate(pieces.charAt(from))) {
                continue;
            }
            text.append(pieces, from, pieces.length());
        }
        return text.append('\n').toString();
    }

    @Test
    void decodesEveryEscapeAcrossBufferBoundariesWhateverTheReadSize() throws IOException {
        String text = awkwardText(300_000);
        byte[] encoded = ASCII.writeValueAsBytes(text);
        byte[] expected = text.getBytes(StandardCharsets.UTF_8);
        for (int chunk : new int[] {1, 3, 7, 8192, 1 << 20}) {
            assertArrayEquals(expected, readAll(new JsonStringStream(trickle(encoded)), chunk), "reads of " + chunk);
        }
    }

    @Test
    void aLoneSurrogateBecomesTheReplacementCharacter() throws IOException {
        byte[] encoded = "\"[\\ud800 \\udc00x]\"".getBytes(StandardCharsets.UTF_8);
        assertEquals("[\uFFFD \uFFFDx]\n", new String(readAll(new JsonStringStream(new ByteArrayInputStream(encoded)), 64),
                StandardCharsets.UTF_8));
    }

    @Test
    void aStringCutShortDeliversWhatDecodedThenSaysSo() throws IOException {
        byte[] encoded = "\"{\\\"a\\\": 1".getBytes(StandardCharsets.UTF_8);
        JsonStringStream in = new JsonStringStream(new ByteArrayInputStream(encoded));
        byte[] buffer = new byte[64];
        int n = in.read(buffer, 0, buffer.length);
        assertEquals("{\"a\": 1", new String(buffer, 0, n, StandardCharsets.UTF_8));
        EOFException e = assertThrows(EOFException.class, () -> in.read(buffer, 0, buffer.length));
        assertTrue(e.getMessage().contains("after 7 bytes of it (a string that starts at byte 0)"), e.getMessage());
    }

    @Test
    void startsOneOnlyForAStringThatHoldsAnObjectOrAnArray() {
        assertTrue(starts("\"{}\""));
        assertTrue(starts("\ufeff  \"\\n  [1]\""));
        assertFalse(starts("\"hello\""));
        assertFalse(starts("{\"a\": \"{\"}"));
        assertFalse(starts("\"   "));
    }

    private static boolean starts(String head) {
        byte[] bytes = head.getBytes(StandardCharsets.UTF_8);
        return JsonStringStream.startsOne(bytes, bytes.length);
    }

    /** An input that hands out a few bytes at a time, as a pipe does. */
    private static InputStream trickle(byte[] bytes) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + pos % 5000));
            }
        };
    }

    private static byte[] readAll(InputStream in, int chunk) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[chunk];
        for (int n; (n = in.read(buffer, 0, chunk)) >= 0; ) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }
}
