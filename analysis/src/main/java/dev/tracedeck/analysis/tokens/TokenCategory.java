package dev.tracedeck.analysis.tokens;

import dev.tracedeck.model.message.Message;

/** What a prompt's tokens are spent on, for the context window's breakdown. */
public enum TokenCategory {
    SYSTEM("system"),
    TOOL_SCHEMAS("tool schemas"),
    CONVERSATION("conversation"),
    TOOL_CALLS("tool calls"),
    TOOL_RESULTS("tool results"),
    SUMMARIES("summaries");

    private final String label;

    TokenCategory(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** System and developer prompts, tool results, calls, and everything else as conversation. */
    static TokenCategory of(Message message) {
        String role = message.role();
        if (role.equals("system") || role.equals("developer")) {
            return SYSTEM;
        }
        if (role.equals("tool") || role.equals("function") || !message.toolCallId().isEmpty()) {
            return TOOL_RESULTS;
        }
        if (!message.toolCalls().isEmpty() && message.content().isBlank()) {
            return TOOL_CALLS;
        }
        return CONVERSATION;
    }
}
