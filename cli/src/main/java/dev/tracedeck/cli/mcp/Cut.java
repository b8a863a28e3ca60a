package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Text put in an answer at most so long: a message, a snippet or an event's text can be megabytes, so what is cut says
 * its whole length beside it ({@code <field>Length}), and the agent knows there is more (read_event reads on).
 */
final class Cut {

    /** How much of a summary, a snippet or a finding's message a row holds. */
    static final int ROW_TEXT = 300;

    private Cut() {
    }

    /** {@code text} as {@code field}, cut at {@code max} characters (never inside a surrogate pair), with its length if cut. */
    static void put(ObjectNode node, String field, String text, int max) {
        if (text.length() <= max) {
            node.put(field, text);
            return;
        }
        node.put(field, text.substring(0, end(text, max)) + "…");
        node.put(field + "Length", text.length());
    }

    /** {@code max}, or one less where it would split a surrogate pair. */
    static int end(String text, int max) {
        return max > 0 && max < text.length() && Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
    }
}
