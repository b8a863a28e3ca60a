package dev.tracedeck.importers.mem0;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.UnrecognizedFormatException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class Mem0HistoryImporterTest {

    private static Trace read(String name, String text) throws ImportException {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    private static String row(String memory, String old, String now, String event, String created, String updated) {
        return "{\"id\": \"r-" + memory + "-" + event + "\", \"memory_id\": \"" + memory + "\", \"old_memory\": "
                + quoted(old) + ", \"new_memory\": " + quoted(now) + ", \"event\": \"" + event + "\", \"created_at\": "
                + quoted(created) + ", \"updated_at\": " + quoted(updated) + ", \"is_deleted\": " + event.equals("DELETE")
                + ", \"actor_id\": null, \"role\": null}";
    }

    private static String quoted(String s) {
        return s == null ? "null" : "\"" + s + "\"";
    }

    /** Each event as "line:name memory_id". */
    private static List<String> rows(Trace trace) {
        return trace.events().stream().map(Mem0HistoryImporterTest::describe).toList();
    }

    private static String describe(Event e) {
        String what = e.payload() instanceof Payload.JsonRecord r ? r.eventName() : e.kind().label();
        return e.source().firstLine() + ":" + what;
    }

    @Test
    void oneMemorysRowsAfterAnothersAreReadInTheOrderTheyHappened() throws Exception {
        // Memory.history is per memory: an export of two holds a's whole history, then b's.
        Trace trace = read("history.jsonl", String.join("\n",
                row("a", null, "Is vegetarian", "ADD", "2026-03-02T09:00:00+00:00", "2026-03-02T09:00:00+00:00"),
                // An UPDATE keeps the memory's created_at: when it happened is its updated_at.
                row("a", "Is vegetarian", "Is pescatarian", "UPDATE", "2026-03-02T09:00:00+00:00",
                        "2026-03-02T09:30:00.250000+00:00"),
                row("b", null, "Lives in Lisbon", "ADD", "2026-03-02T09:10:00+00:00", "2026-03-02T09:10:00+00:00"),
                row("b", "Lives in Lisbon", null, "DELETE", "2026-03-02T09:10:00+00:00", "2026-03-02T09:40:00+00:00"))
                + "\n");
        assertEquals("mem0-history", trace.format());
        assertEquals(List.of("1:mem0 ADD", "3:mem0 ADD", "2:mem0 UPDATE", "4:mem0 DELETE"), rows(trace));
        assertEquals(List.of("history"), trace.threads().stream().map(t -> t.id()).toList());
        assertEquals("2026-03-02T09:30:00.250000+00:00", trace.events().get(2).time());
    }

    @Test
    void rowsAtTheSameMomentKeepTheFilesOrderAndABatchAddIsTimedByItsCreation() throws Exception {
        // The batch path of add() writes no updated_at; several memories added at once share one time.
        Trace trace = read("history.json", "[\n" + String.join(",\n",
                row("c", null, "Has a cat", "ADD", "2026-03-02T09:05:00+00:00", null),
                row("a", null, "Is vegetarian", "ADD", "2026-03-02T09:00:00+00:00", null),
                row("b", null, "Likes jazz", "ADD", "2026-03-02T09:05:00+00:00", null)) + "\n]\n");
        assertEquals(List.of("3:mem0 ADD", "2:mem0 ADD", "4:mem0 ADD"), rows(trace));
    }

    @Test
    void aRowMem0WouldNotWriteIsKeptInItsPlaceAndNamedByItsLine() throws Exception {
        Trace trace = read("history.jsonl", String.join("\n",
                row("a", null, "Is vegetarian", "ADD", "2026-03-02T09:00:00+00:00", null),
                row("a", "Is vegetarian", "Is vegan", "UPSERT", "2026-03-02T09:00:00+00:00", "2026-03-02T09:20:00+00:00"),
                row("a", "Is vegetarian", "Is pescatarian", "UPDATE", "2026-03-02T09:00:00+00:00",
                        "2026-03-02T09:10:00+00:00")) + "\n");
        // The broken row follows the row before it in the file, whatever its own time says.
        assertEquals(List.of("1:mem0 ADD", "2:malformed", "3:mem0 UPDATE"), rows(trace));
        assertEquals(1, trace.report().malformedRecords());
        assertEquals("line 2: event is \"UPSERT\", not ADD, UPDATE or DELETE",
                "line " + trace.report().diagnostics().get(0).line() + ": " + trace.report().diagnostics().get(0).message());
    }

    @Test
    void anUpdateWithoutItsNewValueIsMalformed() throws Exception {
        Trace trace = read("history.jsonl",
                row("a", "Is vegetarian", null, "UPDATE", "2026-03-02T09:00:00+00:00", "2026-03-02T09:10:00+00:00") + "\n");
        assertEquals(List.of("1:malformed"), rows(trace));
    }

    @Test
    void rowsOfOtherToolsWithAnEventAndAMemoryIdAreNotClaimed() {
        // A memory id and an event are common names: without mem0's events and its old/new values it is not mem0's.
        assertThrows(UnrecognizedFormatException.class, () -> read("audit.jsonl",
                "{\"memory_id\": \"m1\", \"event\": \"created\", \"value\": \"x\"}\n"));
        assertEquals(0, new Mem0HistoryImporter().confidence(
                "{\"memory_id\": \"m1\", \"event\": \"ADD\", \"value\": \"x\"}"));
    }
}
