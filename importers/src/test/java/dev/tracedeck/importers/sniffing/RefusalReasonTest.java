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

class RefusalReasonTest {

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
    void invalidUtf8IsNamedWithItsLineColumnAndBytes() {
        byte[] file = concat("{\"model\":\"gpt-4o\",\n \"messages\":[{\"role\":\"user\",\n \"content\":\"h",
                new byte[] {(byte) 0xC3, 0x28}, "i\"}]}\n");
        ImportException e = assertThrows(ImportException.class,
                () -> IMPORTERS.read(ImportSource.of("bad.json", file), ImportListener.NONE));
        assertTrue(e.getMessage().startsWith("bad.json: not a format Tracedeck knows (not valid UTF-8 at line 3, column 14"
                + " (byte 0xC3, then 0x28)"), e.getMessage());
        assertTrue(e.getMessage().endsWith(TRIED), e.getMessage());
    }

    @Test
    void aNumberTooLongToReadIsNamedWithItsDigits() {
        String file = "{\"seed\": " + "7".repeat(5000) + ", \"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}\n";
        UnrecognizedFormatException e = assertThrows(UnrecognizedFormatException.class,
                () -> IMPORTERS.read(ImportSource.of("seed.json", file.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE));
        assertEquals("seed.json: not a format Tracedeck knows (a number of 5,000 digits at line 1, column 10: more than"
                + " the 1,000 a number may have)" + TRIED, e.getMessage());
    }

    @Test
    void aCommentIsNamedAsOneOnTheLineOfTheFile() {
        String file = "\n\n\n{\n// the request\n\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}\n";
        UnrecognizedFormatException e = assertThrows(UnrecognizedFormatException.class,
                () -> IMPORTERS.read(ImportSource.of("c.json", file.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE));
        assertEquals("c.json: not a format Tracedeck knows (a // comment at line 5: JSON has no comments)" + TRIED,
                e.getMessage());
    }

    @Test
    void aHeadCutInsideANumberIsNoReason() {
        // The 16 KB the sniffer reads end right after a number's decimal point: "-0." is no number, but only there.
        byte[] bytes = null;
        for (int pad = 0; pad < 9 && (bytes == null || bytes[16 * 1024 - 1] != '.'); pad++) {
            bytes = ("{\"vectors\": [" + " ".repeat(pad) + "\n" + "  -0.15,\n".repeat(2_000) + "  0]}\n")
                    .getBytes(StandardCharsets.UTF_8);
        }
        assertEquals('.', (char) bytes[16 * 1024 - 1], "the head ends at a decimal point");
        byte[] file = bytes;
        UnrecognizedFormatException e = assertThrows(UnrecognizedFormatException.class,
                () -> IMPORTERS.read(ImportSource.of("vectors.json", file), ImportListener.NONE));
        assertEquals("vectors.json: not a format Tracedeck knows" + TRIED, e.getMessage());
    }

    private static byte[] concat(String before, byte[] middle, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(middle);
        out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }
}
