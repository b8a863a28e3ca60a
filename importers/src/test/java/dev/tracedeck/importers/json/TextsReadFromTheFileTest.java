package dev.tracedeck.importers.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JSON Lines file on disk keeps its messages' texts as ranges of the file, read when asked for: what they read
 * must be exactly what the same bytes give when held in memory — whatever the characters, line ends, byte order
 * mark, or where the reader's buffer was refilled — and a file that changed or went says so instead.
 */
class TextsReadFromTheFileTest {

    @TempDir
    Path dir;

    @Test
    void everyEventReadsTheSameTextFromTheFileAsFromBytesHeld() throws Exception {
        byte[] bytes = chatFile(3_000);
        assertTrue(bytes.length > 3 << 20, "more than the reader's 1 MiB buffer, so ranges cross refills");
        Path file = Files.write(dir.resolve("chat.jsonl"), bytes);

        Trace fromFile = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        Trace held = Importers.standard().read(ImportSource.of(file.toString(), bytes), ImportListener.NONE);

        assertEquals(held.events().size(), fromFile.events().size());
        long ranges = 0;
        for (int i = 0; i < held.events().size(); i++) {
            Event h = held.events().get(i);
            Event f = fromFile.events().get(i);
            assertEquals(h.text(), f.text(), "event " + i + " " + f.source());
            assertEquals(h.payload(), f.payload());
            assertTrue(h.sourceText().isHeld(), "bytes in memory can't be read again");
            if (!f.sourceText().isHeld()) {
                ranges++;
            }
        }
        long messages = fromFile.events().stream().filter(e -> e.kind() != EventKind.OTHER
                && e.keyword().matches("message|tool_call|tool_result")).count();
        assertEquals(messages, ranges, "every message's text is a range; the rest (requests, broken lines) held");
        assertTrue(contentsLeftInFile(fromFile) > 1_000, "long contents are read back from the file, not held");
        assertEquals(0, contentsLeftInFile(held));
        assertTrue(fromFile.events().stream().anyMatch(e -> e.keyword().equals("malformed") && e.text().contains("oops")),
                "the broken line is kept, its text held");
    }

    @Test
    void aFileThatChangedOrWentSaysSoInsteadOfShowingOtherBytes() throws Exception {
        Path file = Files.write(dir.resolve("chat.jsonl"), chatFile(20));
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        Event last = trace.events().stream().filter(e -> !e.sourceText().isHeld()).reduce((a, b) -> b).orElseThrow();
        String before = last.text();

        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            long at = ((dev.tracedeck.model.source.SourceText.InFile) last.sourceText()).offset() + 2;
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b == 'x' ? 'y' : 'x');
        }
        assertTrue(last.text().contains("changed since it was opened"), last.text());
        assertTrue(last.text().contains(file.toString()), "names the file: " + last.text());
        Message message = ((Payload.ConversationMessage) last.payload()).message();
        assertFalse(message.contentHeld());
        assertTrue(message.content().contains("changed since it was opened"), "its content too: " + message.content());
        assertThrows(SourceChangedException.class, message::exactContent);
        String line = file + ":" + last.source().firstLine() + ": cannot read the record back as it was read: ";
        assertEquals(line + "the file changed since it was opened", strictly(last));

        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(10);
        }
        assertTrue(last.text().contains("shorter than when it was opened"), last.text());
        assertEquals(line + "the file is now shorter than when it was opened", strictly(last));

        Files.delete(file);
        assertTrue(last.text().contains("can no longer be read"), last.text());
        assertTrue(strictly(last).startsWith(line + "the file can no longer be read"), strictly(last));
        assertFalse(before.startsWith("["), before);
    }

    private static long contentsLeftInFile(Trace trace) {
        return trace.events().stream()
                .filter(e -> e.payload() instanceof Payload.ConversationMessage m && !m.message().contentHeld()).count();
    }

    /** What the strict read says, without its byte range: it gives no text for a record the file no longer holds. */
    private static String strictly(Event event) {
        SourceChangedException e = assertThrows(SourceChangedException.class, event::exactText);
        assertTrue(e.getMessage().endsWith(")") && e.getMessage().contains(" (bytes "), e.getMessage());
        return e.getMessage().substring(0, e.getMessage().lastIndexOf(" (bytes "));
    }

    @Test
    void aCompressedFileHoldsItsTexts() throws IOException, ImportException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(chatFile(5));
        }
        Path file = Files.write(dir.resolve("chat.jsonl.gz"), gz.toByteArray());
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        assertTrue(trace.events().size() > 10);
        assertTrue(trace.events().stream().allMatch(e -> e.sourceText().isHeld()), "a .gz can't be read by offset");
    }

    /**
     * {@code conversations} lines of OpenAI chat with a byte order mark, CRLF line ends, a blank line, a broken
     * line, escapes, CJK, emoji with joiners and combining marks, and spaces around elements.
     */
    private static byte[] chatFile(int conversations) {
        StringBuilder s = new StringBuilder("\uFEFF");
        List<String> texts = List.of("plain words", "東京の予約 ホテル", "family 👨‍👩‍👧‍👦 and e\u0301", "quote \\\" and \\n newline",
                "caf\\u00e9 escaped");
        for (int i = 0; i < conversations; i++) {
            String text = texts.get(i % texts.size()) + " " + "padding ".repeat(i % 150);
            s.append("{\"id\": \"c").append(i).append("\", \"messages\": [ {\"role\":\"system\",\"content\":\"").append(text)
                    .append("\"},  {\"role\": \"user\", \"content\": \"").append(text).append("\"},")
                    .append("{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_").append(i)
                    .append("\",\"type\":\"function\",\"function\":{\"name\":\"find\",\"arguments\":\"{\\\"q\\\": \\\"")
                    .append(i).append("\\\"}\"}}]},{\"role\":\"tool\",\"tool_call_id\":\"call_").append(i)
                    .append("\",\"content\":\"").append(text).append("\"} ], \"model\": \"gpt-4o\"}");
            s.append(i % 3 == 0 ? "\r\n" : "\n");
            if (i == 1) {
                s.append("\n{\"role\": oops}\n");
            }
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }
}
