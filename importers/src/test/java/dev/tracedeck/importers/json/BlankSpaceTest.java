package dev.tracedeck.importers.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.text.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a document's reader holds to show its values' texts is bounded whatever the file: blank space between values
 * is not held at all, and a value longer than a line may be keeps its start to show, with a note, its JSON read whole.
 */
class BlankSpaceTest {

    @AfterEach
    void defaultCap() {
        System.clearProperty(LineReader.MAX_LINE_PROPERTY);
    }

    @Test
    void blankLinesBetweenValuesAreNotHeld() throws Exception {
        String head = "{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"},";
        String tail = "{\"role\": \"assistant\", \"content\": \"hello\"}]}\n";
        List<String> texts = new ArrayList<>();
        long most = 0;
        try (JsonRecordReader reader = new JsonRecordReader(new Generated(head, " \n", 64, tail), JsonLayout.OBJECT,
                Set.of("messages"))) {
            JsonItem item;
            while ((item = reader.next()) != null) {
                most = Math.max(most, reader.bytesHeld());
                if (item instanceof JsonItem.Value v && v.member().equals("messages")) {
                    texts.add(v.text());
                }
            }
            most = Math.max(most, reader.bytesHeld());
            assertEquals((64L << 20) / 2 + 1, reader.lines(), "every line counted");
        }
        assertEquals(List.of("{\"role\": \"user\", \"content\": \"hi\"}", "{\"role\": \"assistant\", \"content\": \"hello\"}"), texts);
        assertTrue(most <= 1 << 20, "held " + most + " bytes");
    }

    @Test
    void blankSpaceInsideAValueLongerThanALineKeepsItsStartAndItsJson() throws Exception {
        System.setProperty(LineReader.MAX_LINE_PROPERTY, Integer.toString(1 << 20));
        String head = "{\"messages\": [{\"role\": \"user\", \"content\": \"hi\",";
        String tail = "\"name\": \"ann\"}]}\n";
        long most = 0;
        JsonItem.Value message = null;
        try (JsonRecordReader reader = new JsonRecordReader(new Generated(head, "\t", 16, tail), JsonLayout.OBJECT,
                Set.of("messages"))) {
            JsonItem item;
            while ((item = reader.next()) != null) {
                most = Math.max(most, reader.bytesHeld());
                if (item instanceof JsonItem.Value v && v.member().equals("messages")) {
                    message = v;
                }
            }
        }
        assertEquals("ann", message.node().path("name").asText(), "its JSON is read whole");
        assertTrue(message.text().startsWith("{\"role\": \"user\", \"content\": \"hi\","), message.text().substring(0, 60));
        assertTrue(message.text().contains("more bytes of this value, past the 1,048,576 kept of one value]"));
        assertTrue(most <= 3 << 20, "held " + most + " bytes");
    }

    /** A head, {@code mebibytes} MiB of a blank pattern, a tail: made as it is read, never held whole. */
    private static final class Generated extends InputStream {
        private final byte[] head;
        private final byte[] blank;
        private final byte[] tail;
        private long left;
        private int at;
        private int part;

        Generated(String head, String blank, int mebibytes, String tail) {
            this.head = head.getBytes(StandardCharsets.UTF_8);
            this.blank = blank.getBytes(StandardCharsets.UTF_8);
            this.tail = tail.getBytes(StandardCharsets.UTF_8);
            this.left = (long) mebibytes << 20;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (part == 0) {
                int n = Math.min(len, head.length - at);
                System.arraycopy(head, at, b, off, n);
                at += n;
                if (at == head.length) {
                    part = 1;
                    at = 0;
                }
                return n;
            }
            if (part == 1) {
                int n = (int) Math.min(len, left);
                for (int i = 0; i < n; i++) {
                    b[off + i] = blank[at++ % blank.length];
                }
                left -= n;
                if (left == 0) {
                    part = 2;
                    at = 0;
                }
                return n;
            }
            if (at == tail.length) {
                return -1;
            }
            int n = Math.min(len, tail.length - at);
            System.arraycopy(tail, at, b, off, n);
            at += n;
            return n;
        }
    }
}
