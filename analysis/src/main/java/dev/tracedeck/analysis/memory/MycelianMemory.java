package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.message.ToolCall;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Mycelian memory's two stores, named by the {@code memory_id} the calls give: its entries ({@code add_entry}
 * appends one; {@code list_entries} and {@code search_memories} read them) and its context ({@code put_context}
 * replaces it; {@code get_context} reads it). {@code await_consistency} waits until earlier writes are visible.
 * The log holds none of the entries written before it began, so the entries' values are not known; the context is
 * known from the first {@code put_context} on.
 */
final class MycelianMemory {

    private static final Map<String, MemoryOp> TOOLS = Map.of("add_entry", MemoryOp.APPEND,
            "put_context", MemoryOp.WRITE, "get_context", MemoryOp.READ, "list_entries", MemoryOp.READ,
            "search_memories", MemoryOp.READ, "await_consistency", MemoryOp.AWAIT);
    /** The memory id of arguments the log cut (they no longer parse), which it names first. */
    private static final Pattern MEMORY_ID = Pattern.compile("\"memory_id\"\\s*:\\s*\"([^\"\\\\]*)\"");

    private MycelianMemory() {
    }

    static boolean isTool(String name) {
        return TOOLS.containsKey(name);
    }

    static void apply(Event e, ToolCall call, MemoryBook book) {
        MemoryOp op = TOOLS.get(call.name());
        String id = memoryId(call).orElse(e.threadId().contains(":")
                ? e.threadId().substring(0, e.threadId().indexOf(':')) : e.threadId());
        boolean context = call.name().endsWith("_context");
        if (op == MemoryOp.AWAIT) {
            // Waiting concerns the memory as a whole: marked on its entries, where the writes it waits for go.
            context = false;
        }
        MemoryBook.Page page = book.page(id + (context ? " context" : " entries"), context ? "context" : "entries");
        Optional<String> before = page.current;
        Optional<String> after = before;
        String change = "";
        if (call.name().equals("add_entry")) {
            change = call.argument("raw_entry").or(() -> call.argument("summary")).orElse("");
        } else if (call.name().equals("put_context")) {
            change = call.argument("context").or(() -> call.argument("content")).orElse("");
            after = call.argument("context").or(() -> call.argument("content"));
        }
        page.add(new MemoryOperation(op, e, call.name(), before, after, after, change, false, Optional.empty()));
    }

    private static Optional<String> memoryId(ToolCall call) {
        Optional<String> parsed = call.argument("memory_id");
        if (parsed.isPresent()) {
            return parsed;
        }
        Matcher m = MEMORY_ID.matcher(call.rawArguments());
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
