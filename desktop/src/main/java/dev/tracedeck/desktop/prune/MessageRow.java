package dev.tracedeck.desktop.prune;

import dev.tracedeck.analysis.prune.HistoryMessage;
import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.model.message.ToolCall;

/**
 * One message on one side of the playground: a thin projection of the history message, so a list of ten thousand
 * costs ten thousand small records and nothing per row on the FX thread.
 *
 * @param position its place on its side, from 0
 * @param message  the message with its id ({@code m12}, or {@code summary-1} for what a strategy added)
 * @param tokens   its share of the prompt (framing and text, without the reply priming)
 * @param mark     what the strategy did to it
 * @param line     the source line it was read from, or 0 for a message a strategy made
 * @param preview  one line for the list: the text's first line, the calls it makes
 */
public record MessageRow(int position, HistoryMessage message, int tokens, Mark mark, int line, String preview) {

    /** What a strategy did to a message. */
    public enum Mark {
        KEPT, REMOVED, CHANGED, ADDED
    }

    private static final int PREVIEW = 240;

    public String id() {
        return message.id();
    }

    public String role() {
        return message.role();
    }

    /** The text's first non-blank line, cut to a list's width, and the calls the message makes. */
    static String preview(PromptMessage m) {
        String content = m.content().strip();
        int newline = content.indexOf('\n');
        String first = (newline < 0 ? content : content.substring(0, newline)).strip();
        StringBuilder out = new StringBuilder(first.length() > PREVIEW ? first.substring(0, PREVIEW - 1) + "…" : first);
        if (newline >= 0 && out.length() < PREVIEW) {
            out.append(" …");
        }
        for (ToolCall call : m.toolCalls()) {
            if (out.length() > 0) {
                out.append("  ");
            }
            out.append("→ ").append(call.name()).append("(…)");
        }
        if (out.length() == 0) {
            out.append("(empty)");
        }
        return out.toString();
    }

    /** The whole message as the detail shows it: its text, the calls it makes, the call it answers. */
    public String fullText() {
        PromptMessage m = message.message();
        StringBuilder out = new StringBuilder();
        out.append(id()).append(" · ").append(role());
        if (!m.toolCallId().isEmpty()) {
            out.append(" · answers ").append(m.toolCallId());
        }
        if (line > 0) {
            out.append(" · line ").append(line);
        }
        out.append(" · ").append(tokens).append(tokens == 1 ? " token" : " tokens").append("\n");
        if (!m.content().isEmpty()) {
            out.append('\n').append(m.content());
        }
        for (ToolCall call : m.toolCalls()) {
            out.append("\n→ ").append(call.name()).append(call.id().isEmpty() ? "" : " [" + call.id() + "]")
                    .append(' ').append(call.rawArguments());
        }
        return out.toString();
    }
}
