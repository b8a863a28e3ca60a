package dev.tracedeck.desktop.memory;

import dev.tracedeck.analysis.memory.Memory;
import dev.tracedeck.analysis.memory.MemoryOp;
import dev.tracedeck.analysis.memory.MemoryOperation;
import dev.tracedeck.analysis.memory.ValueLines;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What the Memory view says of the mark selected: which memory, what the call did, the sizes against the limit, and
 * the memory's value at that point with the change from the value before marked line by line. Where the trace does
 * not let the value be known, a note says so and the lines are what the call put in. Made off the FX thread: a memory
 * file can be long.
 *
 * @param title "human — core_memory_append"
 * @param facts "append · line 312 · 180 → 231 characters, limit 200"
 * @param note  "" or a sentence about what the lines are (a failed call, a value not known here)
 * @param lines the value after, removed lines in place; or what the call put in
 */
public record MarkDetail(String title, String facts, String note, List<ValueLines.Line> lines) {

    public MarkDetail {
        Objects.requireNonNull(title);
        Objects.requireNonNull(facts);
        Objects.requireNonNull(note);
        lines = List.copyOf(lines);
    }

    /** @param thread the thread to name, when the view shows the memories of several; else "" */
    static MarkDetail of(Memory memory, String thread, MemoryOperation op) {
        String title = memory.name() + (thread.isEmpty() ? "" : " (thread " + thread + ")") + " — " + op.tool();
        String facts = op.op().label() + " · line " + op.event().source().firstLine() + sizes(memory, op);
        if (op.op() == MemoryOp.AWAIT) {
            return new MarkDetail(title, facts, "Waits until the writes before it are visible to reads.", List.of());
        }
        if (op.op() == MemoryOp.READ) {
            return op.before().map(v -> new MarkDetail(title, facts, "", ValueLines.of(v)))
                    .orElseGet(() -> new MarkDetail(title, facts, "What it read is not known here: the trace does not"
                            + " show the memory's value at this point.", List.of()));
        }
        if (op.failed()) {
            String note = "The call failed (its result says so), so the memory did not change.";
            if (op.before().isPresent() && op.attempted().isPresent()) {
                return new MarkDetail(title, facts, note + " The change it asked for:",
                        ValueLines.between(op.before().get(), op.attempted().get()));
            }
            return new MarkDetail(title, facts, note + changeSaid(op), changeLines(op));
        }
        if (op.op() == MemoryOp.DELETE) {
            return new MarkDetail(title, facts, "The memory was deleted.",
                    op.before().map(v -> ValueLines.marked(v, ValueLines.Mark.REMOVED)).orElse(List.of()));
        }
        if (op.before().isPresent() && op.after().isPresent()) {
            return new MarkDetail(title, facts, "", ValueLines.between(op.before().get(), op.after().get()));
        }
        if (op.after().isPresent()) {
            return new MarkDetail(title, facts, "The value before is not known here; the value after:",
                    ValueLines.of(op.after().get()));
        }
        return new MarkDetail(title, facts, "The memory's value here is not known: the trace shows only what the"
                + " call put in" + (op.change().isEmpty() ? "." : ":"), changeLines(op));
    }

    private static String changeSaid(MemoryOperation op) {
        return op.change().isEmpty() ? "" : " What it asked to put in:";
    }

    private static List<ValueLines.Line> changeLines(MemoryOperation op) {
        return op.change().isEmpty() ? List.of() : ValueLines.marked(op.change(), ValueLines.Mark.ADDED);
    }

    /** " · 180 → 231 characters, limit 200", as far as the sizes are known. */
    private static String sizes(Memory memory, MemoryOperation op) {
        String limit = memory.limit().isPresent() ? ", limit " + count(memory.limit().getAsInt()) : "";
        if (op.before().isPresent() && op.after().isPresent() && op.op().writes()) {
            int asked = op.attempted().map(String::length).orElse(op.after().get().length());
            String to = op.failed() ? count(asked) + " characters asked, refused" : count(op.after().get().length()) + " characters";
            return " · " + count(op.before().get().length()) + " → " + to + limit;
        }
        if (op.after().isPresent()) {
            return " · " + count(op.after().get().length()) + " characters" + limit;
        }
        if (op.before().isPresent()) {
            return " · " + count(op.before().get().length()) + " characters" + limit;
        }
        return limit.isEmpty() ? "" : " · " + limit.substring(2);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
