package dev.tracedeck.analysis.prune;

import dev.tracedeck.analysis.tokens.PromptMessage;
import java.util.Objects;

/**
 * A message of a history being pruned, with a stable id: its position in the original history ({@code m0},
 * {@code m1} …), or a new id for what a strategy made ({@code summary-1}, {@code repair-3}). The id is what
 * before and after are compared by.
 */
public record HistoryMessage(String id, PromptMessage message) {

    public HistoryMessage {
        Objects.requireNonNull(id);
        Objects.requireNonNull(message);
    }

    public String role() {
        return message.role();
    }

    public boolean makesCalls() {
        return !message.toolCalls().isEmpty();
    }

    public boolean isToolResult() {
        return message.role().equals("tool") || message.role().equals("function") || !message.toolCallId().isEmpty();
    }

    public boolean isSystem() {
        return message.role().equals("system") || message.role().equals("developer");
    }

    public HistoryMessage withMessage(PromptMessage changed) {
        return new HistoryMessage(id, changed);
    }
}
