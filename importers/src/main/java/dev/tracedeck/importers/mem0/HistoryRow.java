package dev.tracedeck.importers.mem0;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;

/**
 * One row of mem0's {@code history} table as {@code Memory.history(memory_id)} returns it
 * ({@code mem0/memory/storage.py}): {@code memory_id}, {@code old_memory}, {@code new_memory}, {@code event} (ADD,
 * UPDATE or DELETE), {@code created_at}, {@code updated_at}, {@code is_deleted}, {@code actor_id}, {@code role}.
 * mem0 writes an ADD with no old memory, an UPDATE with the value before and after, a DELETE with the value before
 * and none after; an UPDATE or DELETE keeps the memory's {@code created_at} and sets {@code updated_at} to when it
 * happened, and an ADD of a batch leaves {@code updated_at} null.
 */
record HistoryRow(String memoryId, String event, Optional<String> oldMemory, Optional<String> newMemory,
                  String time, Optional<Instant> instant) {

    static final Set<String> EVENTS = Set.of("ADD", "UPDATE", "DELETE");

    /** A row as mem0 returns it: an object with a memory id and an event (the rest may be missing or broken). */
    static boolean isRow(JsonNode node) {
        return node.isObject() && node.has("memory_id") && node.has("event");
    }

    static HistoryRow of(JsonNode row) throws MalformedRecordException {
        String memoryId = JsonFields.text(row, "memory_id");
        if (memoryId.isEmpty()) {
            throw new MalformedRecordException("memory_id is missing");
        }
        String event = JsonFields.text(row, "event");
        if (!EVENTS.contains(event)) {
            throw new MalformedRecordException("event is " + (event.isEmpty() ? "missing" : "\"" + event + "\"")
                    + ", not ADD, UPDATE or DELETE");
        }
        Optional<String> oldMemory = optionalText(row, "old_memory");
        Optional<String> newMemory = optionalText(row, "new_memory");
        if (!event.equals("DELETE") && newMemory.isEmpty()) {
            throw new MalformedRecordException("new_memory is missing, which an " + event + " sets");
        }
        for (String field : new String[] {"id", "actor_id", "role"}) {
            JsonFields.text(row, field);
        }
        String created = JsonFields.text(row, "created_at");
        String updated = JsonFields.text(row, "updated_at");
        // An UPDATE or DELETE keeps the memory's creation time: when the row happened is its updated_at.
        String time = updated.isEmpty() ? created : updated;
        return new HistoryRow(memoryId, event, oldMemory, newMemory, time, instant(time));
    }

    private static Optional<String> optionalText(JsonNode row, String field) throws MalformedRecordException {
        return JsonFields.isAbsent(row.get(field)) ? Optional.empty() : Optional.of(JsonFields.text(row, field));
    }

    /**
     * The moment of a time mem0 wrote: ISO 8601 with an offset ({@code datetime.now(timezone.utc).isoformat()}), or
     * without one (SQLite's {@code DATETIME} as another writer stored it), taken as UTC; empty when it is neither.
     */
    static Optional<Instant> instant(String time) {
        if (time.isEmpty()) {
            return Optional.empty();
        }
        String iso = time.replace(' ', 'T');
        try {
            return Optional.of(OffsetDateTime.parse(iso).toInstant());
        } catch (DateTimeParseException e) {
            try {
                return Optional.of(LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC));
            } catch (DateTimeParseException notLocal) {
                return Optional.empty();
            }
        }
    }
}
