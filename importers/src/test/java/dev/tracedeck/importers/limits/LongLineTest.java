package dev.tracedeck.importers.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.importers.text.LineReader;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A line longer than a line may hold ({@value LineReader#MAX_LINE_PROPERTY}, set small here) is kept as a record
 * that was not read, saying how long it was and where it was cut, and the lines after it are read as usual.
 */
class LongLineTest {

    private static final int CAP = 4096;

    @BeforeEach
    void smallCap() {
        System.setProperty(LineReader.MAX_LINE_PROPERTY, Integer.toString(CAP));
    }

    @AfterEach
    void defaultCap() {
        System.clearProperty(LineReader.MAX_LINE_PROPERTY);
    }

    @Test
    void aMycelianLineTooLongToHoldIsAnUnreadRecordAndTheNextLinesAreRead() throws Exception {
        String log = "2024-05-01 10:00:00,000 INFO agent: MSG thread_id=t1 msg_idx=1 role=user chars=5 preview=hello\n"
                + "2024-05-01 10:00:01,000 INFO agent: MSG thread_id=t1 msg_idx=2 role=assistant chars=20000 preview="
                + "x".repeat(20_000) + "\n"
                + "2024-05-01 10:00:02,000 INFO agent: MSG thread_id=t1 msg_idx=3 role=user chars=3 preview=bye\n";
        Trace trace = Importers.standard().read(ImportSource.of("long.log", log.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
        Event cut = unread(trace);
        assertEquals(2, cut.source().firstLine());
        String reason = ((Payload.Unparsed) cut.payload()).reason();
        int length = log.split("\n")[1].length();
        assertTrue(reason.contains(String.format("%,d bytes long", length)) && reason.contains("cut at byte 4,096"), reason);
        assertTrue(trace.events().stream().anyMatch(e -> e.source().firstLine() == 3
                && e.payload() instanceof Payload.ConversationMessage), "the line after it is read");
    }

    @Test
    void aJsonLinesLineTooLongToHoldIsAnUnreadRecordAndTheNextLinesAreRead() throws Exception {
        String line = "{\"messages\": [{\"role\": \"user\", \"content\": \"%s\"}, {\"role\": \"assistant\", \"content\": \"ok\"}]}\n";
        String jsonl = String.format(line, "first") + String.format(line, "y".repeat(10_000)) + String.format(line, "third");
        Trace trace = Importers.standard().read(ImportSource.of("long.jsonl", jsonl.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
        Event cut = unread(trace);
        assertEquals(2, cut.source().firstLine());
        String reason = ((Payload.Unparsed) cut.payload()).reason();
        assertTrue(reason.startsWith(String.format("the line is %,d bytes long", String.format(line, "y".repeat(10_000)).length() - 1)),
                reason);
        assertTrue(trace.events().stream().anyMatch(e -> e.source().firstLine() == 3
                && e.payload() instanceof Payload.ConversationMessage), "the line after it is read");
    }

    private static Event unread(Trace trace) {
        List<Event> unread = trace.events().stream()
                .filter(e -> e.payload() instanceof Payload.Unparsed u && u.malformed()).toList();
        assertEquals(1, unread.size(), unread.toString());
        return unread.get(0);
    }
}
