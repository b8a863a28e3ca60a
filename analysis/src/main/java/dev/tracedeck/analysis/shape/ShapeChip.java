package dev.tracedeck.analysis.shape;

import java.util.List;
import java.util.Objects;

/**
 * One message of a state shape.
 *
 * @param position  its 0-based position in the state
 * @param kind      what it is
 * @param toolNames the tools it calls (an assistant's calls), else empty
 * @param text      its text (a preview where the log kept only one)
 * @param line      the source line it was read from, 0 when unknown
 */
public record ShapeChip(int position, ChipKind kind, List<String> toolNames, String text, int line) {

    public ShapeChip {
        Objects.requireNonNull(kind);
        toolNames = List.copyOf(toolNames);
        Objects.requireNonNull(text);
    }

    /** "user", "assistant → add_entry, search", "tool result": what the chip says without its text. */
    public String label() {
        return kind == ChipKind.ASSISTANT_CALLS ? "assistant → " + String.join(", ", toolNames) : kind.label();
    }

    /** The same kind and the same calls: two chips that draw alike. */
    public boolean sameShape(ShapeChip other) {
        return kind == other.kind && toolNames.equals(other.toolNames);
    }
}
