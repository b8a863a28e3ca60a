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

class StrayNulTest {

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
    void aLogWithAStrayNulIsStillALog() throws Exception {
        byte[] clean = LOG.getBytes(StandardCharsets.UTF_8);
        int at = LOG.indexOf("preview=hello") + "preview=he".length();
        byte[] withNul = concat(LOG.substring(0, at), new byte[] {0}, LOG.substring(at));
        Trace nul = IMPORTERS.read(ImportSource.of("nul.log", withNul), ImportListener.NONE);
        Trace plain = IMPORTERS.read(ImportSource.of("plain.log", clean), ImportListener.NONE);
        assertEquals(plain.report().format(), nul.report().format());
        assertEquals(plain.report().recordKinds(), nul.report().recordKinds());
    }

    @Test
    void textOfManyNulsIsStillBinary() {
        byte[] utf16 = LOG.getBytes(StandardCharsets.UTF_16LE);
        UnrecognizedFormatException e = assertThrows(UnrecognizedFormatException.class,
                () -> IMPORTERS.read(ImportSource.of("utf16.log", utf16), ImportListener.NONE));
        assertTrue(e.getMessage().contains("(binary data)"), e.getMessage());
    }

    private static byte[] concat(String before, byte[] middle, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(middle);
        out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }
}
