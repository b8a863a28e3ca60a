package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.text.PythonText;

/**
 * A short line diff for people: the lines between the common head and the common tail, removed then added. Not a
 * minimal diff (an edit in the middle of a long block shows as the lines it touched), which is what a memory change
 * needs and is linear.
 */
final class LineDiff {

    private static final int LINE_CHARS = 160;

    private LineDiff() {
    }

    static String between(String before, String after, int maxLines) {
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
        StringBuilder out = new StringBuilder();
        int shown = 0;
        int total = (a.length - head - tail) + (b.length - head - tail);
        for (int i = head; i < a.length - tail && shown < maxLines; i++, shown++) {
            line(out, '-', a[i]);
        }
        for (int i = head; i < b.length - tail && shown < maxLines; i++, shown++) {
            line(out, '+', b[i]);
        }
        if (total > shown) {
            out.append("… ").append(total - shown).append(total - shown == 1 ? " more changed line\n" : " more changed lines\n");
        }
        return out.toString();
    }

    static String added(String text, int maxLines) {
        StringBuilder out = new StringBuilder();
        String[] lines = text.split("\n", -1);
        int shown = Math.min(lines.length, maxLines);
        for (int i = 0; i < shown; i++) {
            line(out, '+', lines[i]);
        }
        if (lines.length > shown) {
            out.append("… ").append(lines.length - shown).append(lines.length - shown == 1 ? " more line\n" : " more lines\n");
        }
        return out.toString();
    }

    private static void line(StringBuilder out, char sign, String line) {
        out.append(sign).append(' ').append(PythonText.abbreviate(line.replace("\r", ""), LINE_CHARS)).append('\n');
    }
}
