package dev.tracedeck.model.state;

import java.util.List;
import java.util.Objects;

/**
 * One message in a dump of an agent's state, as the dump shows it.
 *
 * @param idx           the index the log gave it (Mycelian counts from 1)
 * @param type          the framework's message type ({@code human}, {@code ai}, {@code tool}, {@code system},
 *                      {@code chat}) or a class name
 * @param role          the role, often "" (LangChain keeps it only on chat messages)
 * @param toolCallCount how many tool calls the message made (0 when the dump listed none)
 * @param toolNames     their names in order, as far as the log showed them
 * @param toolNamesCut  true when the log cut the name list (Mycelian keeps 120 characters of it)
 * @param content       the content preview
 * @param contentCut    true when the preview was cut by the log
 * @param toolCallIds   the ids of its tool calls, in order, when the dump has them (LangGraph checkpoints do,
 *                      Mycelian dumps don't: empty); a call without an id is ""
 * @param toolCallId    for a tool result, the call it answers when the dump says; "" otherwise
 */
public record StateEntry(int idx, String type, String role, int toolCallCount, List<String> toolNames,
                         boolean toolNamesCut, String content, boolean contentCut, List<String> toolCallIds,
                         String toolCallId) {

    public StateEntry {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(role, "role");
        toolNames = List.copyOf(toolNames);
        Objects.requireNonNull(content, "content");
        toolCallIds = List.copyOf(toolCallIds);
        Objects.requireNonNull(toolCallId, "toolCallId");
    }

    /** An entry of a dump that shows no call ids (a Mycelian {@code STATE_MSG} line). */
    public StateEntry(int idx, String type, String role, int toolCallCount, List<String> toolNames,
                      boolean toolNamesCut, String content, boolean contentCut) {
        this(idx, type, role, toolCallCount, toolNames, toolNamesCut, content, contentCut, List.of(), "");
    }

    /** A tool's result: LangChain's {@code tool} type, its class name, the tool role, or a call id it answers. */
    public boolean isToolResult() {
        return type.equals("tool") || type.equals("ToolMessage") || type.equals("ToolMessageChunk")
                || role.equals("tool") || !toolCallId.isEmpty();
    }

    public boolean hasToolCalls() {
        return toolCallCount > 0;
    }

    /** An AI message: LangChain's {@code ai} type, its class name, or the assistant role. */
    public boolean isAi() {
        return type.equals("ai") || type.equals("AIMessage") || type.equals("AIMessageChunk") || role.equals("assistant") && type.isEmpty();
    }

    /** Short label such as {@code ai tool_calls=1[add_entry]} or {@code chat/user}. */
    public String label() {
        StringBuilder s = new StringBuilder(type);
        if (!role.isEmpty()) {
            s.append('/').append(role);
        }
        if (hasToolCalls()) {
            s.append(" tool_calls=").append(toolCallCount).append('[').append(String.join(",", toolNames));
            s.append(toolNamesCut ? "…]" : "]");
        }
        return s.toString();
    }
}
