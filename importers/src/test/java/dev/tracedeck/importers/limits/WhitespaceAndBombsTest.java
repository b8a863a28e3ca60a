package dev.tracedeck.importers.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a file may cost is bounded whatever it holds: a gigabyte of blank space between or inside a document's values
 * is read past without being held, and compressed data that expands as no real file does (a decompression bomb) is
 * read no further, said so, with what came before it kept.
 */
class WhitespaceAndBombsTest {

    private static final byte[] NEWLINES = "\n".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
    /** The bytes past which a ratio counts, set low here so that a test's bomb needs only a few MiB. */
    private static final String FLOOR = "tracedeck.expansionFloorBytes";

    @org.junit.jupiter.api.BeforeEach
    void lowFloor() {
        System.setProperty(FLOOR, Integer.toString(8 << 20));
    }

    @org.junit.jupiter.api.AfterEach
    void defaultFloor() {
        System.clearProperty(FLOOR);
    }

    @TempDir
    Path dir;

    @Test
    void aGzipThatExpandsAsABombDoesIsReadNoFurtherAndWhatCameBeforeIsKept() throws Exception {
        Path bomb = dir.resolve("bomb.jsonl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(bomb), 1 << 16)) {
            out.write("{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}, {\"role\": \"assistant\", \"content\": \"hello\"}]}\n"
                    .getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 30; i++) {
                out.write(NEWLINES);
            }
            out.write("{\"messages\": [{\"role\": \"user\", \"content\": \"after\"}]}\n".getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(Files.size(bomb) < 1 << 18, "a quarter of a megabyte at most: " + Files.size(bomb));
        Trace trace = Importers.standard().read(ImportSource.of(bomb), ImportListener.NONE);
        assertEquals(2, trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage).count(),
                "the first line's two messages");
        assertTrue(trace.report().diagnostics().stream().anyMatch(d -> d.message().contains("decompression bomb")),
                trace.report().diagnostics().toString());
    }

    @Test
    void anEvalEntryThatExpandsAsABombDoesIsReadNoFurtherAndTheNextEntriesAre() throws Exception {
        Path eval = dir.resolve("bomb.eval");
        ByteArrayOutputStream bomb = new ByteArrayOutputStream();
        bomb.write(("{\"id\": 1, \"epoch\": 1, \"messages\": [{\"role\": \"user\", \"content\": \"hi\"},")
                .getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 30; i++) {
            bomb.write(NEWLINES);
        }
        bomb.write("{\"role\": \"assistant\", \"content\": \"hello\"}]}".getBytes(StandardCharsets.UTF_8));
        try (OutputStream out = Files.newOutputStream(eval)) {
            LocalHeaders.entry(out, "header.json", "{\"eval\": {\"model\": \"openai/gpt-4o\"}}".getBytes(StandardCharsets.UTF_8));
            LocalHeaders.entry(out, "samples/1_epoch_1.json", bomb.toByteArray());
            LocalHeaders.entry(out, "samples/2_epoch_1.json", ("{\"id\": 2, \"epoch\": 1, \"messages\": [{\"role\": \"user\","
                    + " \"content\": \"next\"}, {\"role\": \"assistant\", \"content\": \"fine\"}]}").getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(Files.size(eval) < 1 << 18, "a quarter of a megabyte at most: " + Files.size(eval));
        Path stored = eval;
        Trace trace = Importers.standard().read(ImportSource.of(stored), ImportListener.NONE);
        assertTrue(trace.report().diagnostics().stream().anyMatch(d -> d.message().contains("decompression bomb")),
                trace.report().diagnostics().toString());
        assertEquals(2, trace.threads().size(), trace.threads().toString());
        assertTrue(trace.events().stream().anyMatch(e -> e.payload() instanceof Payload.ConversationMessage m
                && m.message().content().equals("fine")), "the entry after it is read");
    }

    /** Zip entries written as Inspect writes them: deflated, with their sizes in the local header; no directory. */
    static final class LocalHeaders {
        static void entry(OutputStream out, String name, byte[] data) throws IOException {
            java.util.zip.Deflater deflater = new java.util.zip.Deflater(9, true);
            deflater.setInput(data);
            deflater.finish();
            ByteArrayOutputStream packed = new ByteArrayOutputStream();
            byte[] buffer = new byte[1 << 16];
            while (!deflater.finished()) {
                packed.write(buffer, 0, deflater.deflate(buffer));
            }
            deflater.end();
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(data);
            byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
            java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(30).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            header.putInt(0x04034b50).putShort((short) 20).putShort((short) 0).putShort((short) 8).putInt(0)
                    .putInt((int) crc.getValue()).putInt(packed.size()).putInt(data.length)
                    .putShort((short) nameBytes.length).putShort((short) 0);
            out.write(header.array());
            out.write(nameBytes);
            packed.writeTo(out);
        }
    }
}
