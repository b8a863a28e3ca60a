package dev.tracedeck.model.state;

import java.util.ArrayList;
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
 * @param parsedFromText how many of the last {@code toolNames} the log did not show as calls: the model wrote them
 *                      as text in {@code content}, and the import ({@code --parse-text-calls}) added them so the
 *                      rules and prune strategies see them; 0 for an entry as logged
 */
public record StateEntry(int idx, String type, String role, int toolCallCount, List<String> toolNames,
                         boolean toolNamesCut, String content, boolean contentCut, List<String> toolCallIds,
                         String toolCallId, int parsedFromText) {

    public StateEntry {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(role, "role");
        toolNames = List.copyOf(toolNames);
        Objects.requireNonNull(content, "content");
        toolCallIds = List.copyOf(toolCallIds);
        Objects.requireNonNull(toolCallId, "toolCallId");
        if (parsedFromText < 0 || parsedFromText > toolNames.size()) {
            throw new IllegalArgumentException(parsedFromText + " of " + toolNames.size() + " names parsed from text");
        }
    }

    /** An entry as the log shows it, from a dump that shows no call ids (a Mycelian {@code STATE_MSG} line). */
    public StateEntry(int idx, String type, String role, int toolCallCount, List<String> toolNames,
                      boolean toolNamesCut, String content, boolean contentCut) {
        this(idx, type, role, toolCallCount, toolNames, toolNamesCut, content, contentCut, List.of(), "", 0);
    }

    /** An entry without call ids, {@code parsedFromText} of its names parsed from its text. */
    public StateEntry(int idx, String type, String role, int toolCallCount, List<String> toolNames,
                      boolean toolNamesCut, String content, boolean contentCut, int parsedFromText) {
        this(idx, type, role, toolCallCount, toolNames, toolNamesCut, content, contentCut, List.of(), "",
                parsedFromText);
    }

    /** An entry as the log shows it, with the call ids its dump has (a LangGraph checkpoint's message). */
    public StateEntry(int idx, String type, String role, int toolCallCount, List<String> toolNames,
                      boolean toolNamesCut, String content, boolean contentCut, List<String> toolCallIds,
                      String toolCallId) {
        this(idx, type, role, toolCallCount, toolNames, toolNamesCut, content, contentCut, toolCallIds, toolCallId, 0);
    }

    /** A tool's result: LangChain's {@code tool} type, its class name, the tool role, or a call id it answers. */
    public boolean isToolResult() {
        return type.equals("tool") || type.equals("ToolMessage") || type.equals("ToolMessageChunk")
                || role.equals("tool") || !toolCallId.isEmpty();
    }

    /**
     * The same entry with calls the model wrote as text in its content added after those it made. When the dump
     * had call ids, each added call gets "" (no id), so the ids stay aligned with the names.
     */
    public StateEntry withCallsFromText(List<String> names) {
        List<String> all = new ArrayList<>(toolNames);
        all.addAll(names);
        List<String> ids = toolCallIds;
        if (!ids.isEmpty()) {
            ids = new ArrayList<>(toolCallIds);
            for (int i = 0; i < names.size(); i++) {
                ids.add("");
            }
        }
        return new StateEntry(idx, type, role, toolCallCount + names.size(), all, toolNamesCut, content, contentCut,
                ids, toolCallId, parsedFromText + names.size());
    }

    /** True when the tool name at {@code i} was parsed from the entry's text, not shown as a call by the log. */
    public boolean isParsedFromText(int i) {
        return i >= toolNames.size() - parsedFromText;
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
            if (parsedFromText > 0) {
                s.append(parsedFromText == toolNames.size() ? " parsed from text" : " (" + parsedFromText + " parsed from text)");
            }
        }
        return s.toString();
    }
}
