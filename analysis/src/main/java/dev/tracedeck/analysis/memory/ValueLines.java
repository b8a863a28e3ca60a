package dev.tracedeck.analysis.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A memory's value as lines, each marked kept, added or removed against the value before: the common head and tail
 * kept, the lines between them removed then added. The same cut as {@link LineDiff}, whole, for a view that shows the
 * value with its change in place. Linear in the two values.
 */
public final class ValueLines {

    /** What became of one line. */
    public enum Mark { KEPT, ADDED, REMOVED }

    /** One line of the value, or of the value before when it was removed. */
    public record Line(Mark mark, String text) {
        public Line {
            Objects.requireNonNull(mark);
            Objects.requireNonNull(text);
        }
    }

    private ValueLines() {
    }

    /** {@code after}'s lines, with {@code before}'s lines it no longer holds in their place. */
    public static List<Line> between(String before, String after) {
        String[] a = before.split("\n", -1);
        String[] b = after.split("\n", -1);
        int head = 0;
        while (head < a.length && head < b.length && a[head].equals(b[head])) {
            head++;
        }
        int tail = 0;
        while (tail < a.length - head && tail < b.length - head
                && a[a.length - 1 - tail].equals(b[b.length - 1 - tail])) {
            tail++;
        }
        List<Line> out = new ArrayList<>(b.length + a.length - head - tail);
        for (int i = 0; i < head; i++) {
            out.add(new Line(Mark.KEPT, b[i]));
        }
        for (int i = head; i < a.length - tail; i++) {
            out.add(new Line(Mark.REMOVED, a[i]));
        }
        for (int i = head; i < b.length - tail; i++) {
            out.add(new Line(Mark.ADDED, b[i]));
        }
        for (int i = b.length - tail; i < b.length; i++) {
            out.add(new Line(Mark.KEPT, b[i]));
        }
        return out;
    }

    /** A value with nothing to compare it with: every line kept. */
    public static List<Line> of(String value) {
        return marked(value, Mark.KEPT);
    }

    /** Every line of {@code text} marked {@code mark}. */
    public static List<Line> marked(String text, Mark mark) {
        List<Line> out = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            out.add(new Line(mark, line));
        }
        return out;
    }
}
