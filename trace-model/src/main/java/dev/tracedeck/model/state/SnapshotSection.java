package dev.tracedeck.model.state;

import java.util.List;
import java.util.Objects;

/**
 * A message list a state holds beside its conversation: a LangGraph channel other than {@code messages} whose
 * value is a list of messages (an {@code execution_buffer}), kept under its name.
 *
 * @param name    the channel's name as the state has it
 * @param entries its messages, in order; empty when the channel was present and empty (a cleared buffer)
 * @param lines   the first source line of each entry, one per entry
 */
public record SnapshotSection(String name, List<StateEntry> entries, List<Integer> lines) {

    public SnapshotSection {
        Objects.requireNonNull(name, "name");
        entries = List.copyOf(entries);
        lines = List.copyOf(lines);
        if (lines.size() != entries.size()) {
            throw new IllegalArgumentException("one line per entry expected");
        }
    }

    public int size() {
        return entries.size();
    }
}
