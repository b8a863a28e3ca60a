package dev.tracedeck.analysis.memory;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A named store an agent keeps: a Letta core-memory block, a Mycelian memory's entries or context, a memory file
 * (CLAUDE.md, AGENTS.md, a file under a {@code memory} or {@code .claude} folder), a todo list, a mem0 memory.
 *
 * @param threadId the thread whose calls operate on it
 * @param name     the block's label, the memory's id and part, the file's path, "todo list", a mem0 memory's id and
 *                 first value
 * @param kind     what sort of store: {@code block}, {@code entries}, {@code context}, {@code file}, {@code todo},
 *                 {@code mem0 memory}
 * @param limit    the most characters it may hold, where the format says (a Letta block's {@code limit})
 * @param initial  its value before the first operation, when the trace shows it
 * @param operations in trace order
 */
public record Memory(String threadId, String name, String kind, OptionalInt limit, Optional<String> initial,
                     List<MemoryOperation> operations) {

    public Memory {
        Objects.requireNonNull(threadId);
        Objects.requireNonNull(name);
        Objects.requireNonNull(kind);
        Objects.requireNonNull(limit);
        Objects.requireNonNull(initial);
        operations = List.copyOf(operations);
    }

    public long writes() {
        return operations.stream().filter(o -> o.op().writes()).count();
    }

    public long reads() {
        return operations.stream().filter(o -> o.op() == MemoryOp.READ).count();
    }
}
