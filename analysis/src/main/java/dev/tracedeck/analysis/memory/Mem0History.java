package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.event.Payload;
import java.util.Optional;

/**
 * mem0's memories, from the rows of its history (the {@code mem0-history} import: events named {@code mem0 ADD},
 * {@code mem0 UPDATE}, {@code mem0 DELETE}, each holding its row). Each {@code memory_id} is a memory, named by the
 * start of the first value it had, then its id: what a reader knows it by comes first where a name is cut short. An
 * ADD writes {@code new_memory}; an UPDATE writes it over {@code old_memory}, so both values are known; a DELETE
 * removes {@code old_memory}. mem0 keeps each memory whole
 * in every row, so its value is known from its first row on.
 */
final class Mem0History {

    private static final String ROW = "mem0 ";
    /** How much of a memory's first value its name shows. */
    private static final int NAME_CHARS = 40;

    private Mem0History() {
    }

    /** The row an event holds when it is a mem0 history row. */
    static Optional<JsonValue.JsonObject> row(Event e) {
        if (e.payload() instanceof Payload.JsonRecord r && r.eventName().startsWith(ROW)
                && r.json() instanceof JsonValue.JsonObject o && o.get("memory_id").isPresent()) {
            return Optional.of(o);
        }
        return Optional.empty();
    }

    static void apply(Event e, JsonValue.JsonObject row, MemoryBook book) {
        String id = text(row, "memory_id").orElse("");
        String event = text(row, "event").orElse("");
        Optional<String> old = text(row, "old_memory");
        Optional<String> now = text(row, "new_memory");
        MemoryBook.Page page = book.page(ROW + id, () -> shortened(now.or(() -> old).orElse("")) + " (" + id + ")",
                "mem0 memory");
        // An ADD makes the memory: there was nothing before it. Otherwise the row says what it held.
        Optional<String> before = event.equals("ADD") ? Optional.empty() : old.or(() -> page.current);
        MemoryOp op = event.equals("DELETE") ? MemoryOp.DELETE : MemoryOp.WRITE;
        Optional<String> after = op == MemoryOp.DELETE ? Optional.empty() : now;
        String change = op == MemoryOp.DELETE ? "" : now.orElse("");
        page.add(new MemoryOperation(op, e, ROW + event, before, after, after, change, false, Optional.empty()));
    }

    private static Optional<String> text(JsonValue.JsonObject row, String field) {
        return row.get(field).filter(v -> v instanceof JsonValue.JsonString).flatMap(JsonValue::asText);
    }

    private static String shortened(String value) {
        String line = value.strip().replaceAll("\\s+", " ");
        return line.length() <= NAME_CHARS ? line : line.substring(0, NAME_CHARS - 1) + "…";
    }
}
