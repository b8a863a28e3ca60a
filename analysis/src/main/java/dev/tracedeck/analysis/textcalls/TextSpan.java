package dev.tracedeck.analysis.textcalls;

/**
 * Where a text call sits in its message, in two units. {@code start}/{@code end} are UTF-16 offsets into the
 * Java string ({@link String#substring(int, int)}, text-area selections); {@code codePointStart}/
 * {@code codePointEnd} count code points, as Python's slices do, and are what to compare with positions a
 * Python program wrote. Both ends are exclusive ends: the span is {@code [start, end)}.
 */
public record TextSpan(int start, int end, int codePointStart, int codePointEnd) {

    public TextSpan {
        if (start < 0 || end < start || codePointStart < 0 || codePointEnd < codePointStart) {
            throw new IllegalArgumentException("bad span " + start + ".." + end);
        }
    }

    /** The span {@code [start, end)} of {@code text}, given in UTF-16 offsets. */
    public static TextSpan of(String text, int start, int end) {
        int cpStart = text.codePointCount(0, start);
        return new TextSpan(start, end, cpStart, cpStart + text.codePointCount(start, end));
    }

    public boolean overlaps(TextSpan other) {
        return start < other.end && other.start < end;
    }

    public boolean contains(TextSpan other) {
        return start <= other.start && other.end <= end;
    }

    public int length() {
        return end - start;
    }

    /** The text the span covers. */
    public String of(String text) {
        return text.substring(start, end);
    }
}
