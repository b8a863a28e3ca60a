package dev.tracedeck.engine.freeze;

import java.util.List;
import java.util.Objects;

/**
 * A history message as it goes into a frozen request: its text with the placeholders the importer wrote for what it did
 * not keep taken out, its calls with ids (made up when the trace recorded none, so calls and results still pair).
 *
 * @param role       "system", "developer", "user", "assistant", "tool", or a custom role as recorded
 * @param text       what the model reads
 * @param name       the participant's name, "" when none
 * @param calls      the calls an assistant message made
 * @param toolCallId the call a tool result answers, "" when it is none
 * @param line       the line it was read from, for the notes
 */
record SentMessage(String role, String text, String name, List<Call> calls, String toolCallId, int line) {

    SentMessage {
        Objects.requireNonNull(role);
        Objects.requireNonNull(text);
        Objects.requireNonNull(name);
        calls = List.copyOf(calls);
        Objects.requireNonNull(toolCallId);
    }

    /** A tool call: its id, name, and arguments as the JSON text the model wrote. */
    record Call(String id, String name, String arguments) {
    }

    boolean isSystem() {
        return role.equals("system") || role.equals("developer");
    }

    boolean isToolResult() {
        return role.equals("tool") || role.equals("function") || !toolCallId.isEmpty();
    }
}
