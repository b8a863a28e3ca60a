package dev.tracedeck.analysis.memory;

/** What an operation did to a memory. */
public enum MemoryOp {
    /** Set the whole value (Letta's rethink, Mycelian's put_context, a file written whole, a todo list replaced). */
    WRITE,
    /** Added to the end, or inserted (Letta's append and insert, Mycelian's add_entry). */
    APPEND,
    /** Replaced a part with another (Letta's replace, an Edit of a memory file). */
    REPLACE,
    /** Removed the memory. */
    DELETE,
    /** Read it (Mycelian's get_context, list_entries, search_memories). */
    READ,
    /** Waited until the writes before it are visible to reads (Mycelian's await_consistency). */
    AWAIT;

    public boolean writes() {
        return this == WRITE || this == APPEND || this == REPLACE || this == DELETE;
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
