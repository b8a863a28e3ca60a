package dev.tracedeck.importers.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A followed file is read on from where the last read stopped when its format allows (the bytes read before are not
 * read again), and whole again otherwise, no more than a fifth of the time, said once.
 */
class GrowingFileTest {

    @TempDir
    Path dir;

    private static final String SESSION = "{\"type\":\"user\",\"sessionId\":\"s1\",\"uuid\":\"u%d\",\"parentUuid\":null,"
            + "\"timestamp\":\"2025-08-21T09:14:10.000Z\",\"message\":{\"role\":\"user\",\"content\":\"%s\"}}\n";

    @Test
    void aClaudeCodeSessionIsReadOnFromWhereTheLastReadStopped() throws Exception {
        Path file = dir.resolve("session.jsonl");
        append(file, String.format(SESSION, 1, "first question"));
        append(file, String.format(SESSION, 2, "second question"));
        GrowingFile growing = new GrowingFile(Importers.standard(), file, file.toString());
        assertEquals(2, growing.read(Files.size(file)).orElseThrow().events().size());

        // The first line changes under the follower (same length), then a line is added: only the new line is read.
        overwrite(file, String.format(SESSION, 1, "FIRST QUESTION").getBytes(StandardCharsets.UTF_8));
        append(file, String.format(SESSION, 3, "third question"));
        Trace trace = growing.read(Files.size(file)).orElseThrow();
        assertEquals(3, trace.events().size());
        assertEquals("first question", content(trace, 0), "the line read before was not read again");
        assertEquals("third question", content(trace, 2));
        assertEquals(Optional.of("claude-code"), growing.format());
        assertTrue(growing.note().isEmpty(), "nothing to say of a format read on");
    }

    @Test
    void aFormatThatCanOnlyBeReadWholeIsReadAgainAtMostAFifthOfTheTimeAndSaysSoOnce() throws Exception {
        Path file = dir.resolve("chat.jsonl");
        String line = "{\"messages\":[{\"role\":\"user\",\"content\":\"" + "x".repeat(1000) + "\"},"
                + "{\"role\":\"assistant\",\"content\":\"ok\"}]}\n";
        for (int i = 0; i < 70; i++) {
            append(file, line);
        }
        // Every look at this clock is 100 ms after the one before: each read "takes" 100 ms, and waits 400 ms after.
        AtomicLong clock = new AtomicLong();
        GrowingFile growing = new GrowingFile(Importers.standard(), file, file.toString(),
                () -> clock.addAndGet(100_000_000L));
        assertEquals(70, growing.read(Files.size(file)).orElseThrow().threads().size());
        assertEquals(Optional.of("openai-chat"), growing.format());
        String note = growing.note().orElseThrow();
        assertTrue(note.contains("openai-chat can't be read on as the file grows"), note);
        for (int wait = 0; wait < 3; wait++) {
            append(file, line);
            assertTrue(growing.read(Files.size(file)).isEmpty(), "put off: the last read was too recent");
            assertTrue(growing.putOff());
        }
        assertEquals(73, growing.read(Files.size(file)).orElseThrow().threads().size(), "read whole again");
        assertFalse(growing.putOff());
        assertTrue(growing.note().isEmpty(), "said once");
    }

    @Test
    void aSessionWhoseLinesAreJsonStringsIsReadWholeAsAFreshImportReadsIt() throws Exception {
        Path file = dir.resolve("encoded-twice.jsonl");
        ObjectMapper json = new ObjectMapper();
        for (int i = 1; i <= 400; i++) {
            append(file, json.writeValueAsString(String.format(SESSION, i, "question " + i).strip()) + "\n");
        }
        GrowingFile growing = new GrowingFile(Importers.standard(), file, file.toString());
        Trace trace = growing.read(Files.size(file)).orElseThrow();
        assertEquals(400, trace.events().size());
        assertEquals(Importers.standard().read(ImportSource.of(file), ImportListener.NONE).events(), trace.events());
        assertEquals("question 400", content(trace, 399));
        String note = growing.note().orElseThrow();
        assertTrue(note.contains("text held in JSON strings can't be read on as the file grows"), note);
    }

    @Test
    void otlpIsReadWholeWhileItIsOneLineThenOnFromItsSecond() throws Exception {
        Path file = dir.resolve("received.jsonl");
        String request = "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\"5e0b6c1f8a2d4e7c9b3a1f0e2d4c6b8a\","
                + "\"spanId\":\"000000000000000%d\",\"name\":\"chat\",\"startTimeUnixNano\":\"%d000000\","
                + "\"endTimeUnixNano\":\"%d000000\"}]}]}]}\n";
        append(file, String.format(request, 1, 1000, 1500));
        GrowingFile growing = new GrowingFile(Importers.standard(), file, file.toString());
        Trace one = growing.read(Files.size(file)).orElseThrow();
        assertEquals(Importers.standard().read(ImportSource.of(file), ImportListener.NONE).events(), one.events(),
                "a one-line file is read as a fresh import reads it");
        append(file, String.format(request, 2, 500, 2000));
        Trace two = growing.read(Files.size(file)).orElseThrow();
        assertEquals(Importers.standard().read(ImportSource.of(file), ImportListener.NONE).events(), two.events());
        assertEquals("0000000000000002", ((Payload.JsonRecord) two.events().get(0).payload()).json()
                .get("span_id").flatMap(v -> v.asText()).orElseThrow(), "the span that started first comes first");
    }

    private static String content(Trace trace, int event) {
        return ((Payload.ConversationMessage) trace.events().get(event).payload()).message().content();
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static void overwrite(Path file, byte[] start) throws Exception {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(start), 0);
        }
    }
}
