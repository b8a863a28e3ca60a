package dev.tracedeck.importers.sniffing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.UnrecognizedFormatException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LeadingWhitespaceTest {

    private static final Importers IMPORTERS = Importers.standard();
    private static final String CHAT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"},"
            + "{\"role\":\"assistant\",\"content\":\"hello\"}]}\n";
    private static final String TRIED = "; tried: " + String.join(", ", IMPORTERS.formatIds());
    private static final String LOG = """
            2025-09-05 10:15:03,003 [agent.py:invoke] SYS thread_id=t:s1 content=SESSION_START
            2025-09-05 10:15:03,004 [agent.py:invoke] MSG thread_id=t:s1 msg_idx=1 role=user chars=5 preview=hello
            2025-09-05 10:15:03,005 [agent.py:invoke] MSG thread_id=t:s1 msg_idx=2 role=assistant chars=5 preview=world
            """;

    @Test
    void aFileThatStartsWithMegabytesOfWhitespaceIsSniffedOnWhatFollows() throws Exception {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.write(" \t\r\n".repeat(1 << 18).getBytes(StandardCharsets.US_ASCII));
        file.write(CHAT.getBytes(StandardCharsets.UTF_8));
        Trace trace = IMPORTERS.read(ImportSource.of("padded.jsonl", file.toByteArray()), ImportListener.NONE);
        assertEquals("openai-chat", trace.report().format());
        assertEquals(2, trace.report().recordsOf("message"), trace.report().toString());
    }

    @Test
    void aFileOfOnlyWhitespaceIsEmpty() {
        byte[] blanks = " \n".repeat(40_000).getBytes(StandardCharsets.US_ASCII);
        ImportException e = assertThrows(ImportException.class,
                () -> IMPORTERS.read(ImportSource.of("blank.jsonl", blanks), ImportListener.NONE));
        assertEquals("blank.jsonl: is empty (it holds only whitespace: 80,000 bytes)", e.getMessage());
    }

    private static byte[] concat(String before, byte[] middle, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(middle);
        out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }
}
