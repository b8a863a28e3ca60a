package dev.tracedeck.model.trace;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.ToolCall;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counts that describe a thread at a glance (what {@code tracedeck inspect} prints per thread).
 *
 * @param conversationMessages conversation messages (the agent's MSG records; every message of a JSON chat format)
 * @param controlMessages      control messages (SYS records)
 * @param toolCalls            tool calls made, by tool name, in order of first call: logged calls (TOOL_CALL records) and
 *                             the calls messages make (JSON chat formats); planned calls are not counted
 * @param snapshots            state dumps (STATE records), with or without a message list
 * @param finalStateSize       entries in the last dump that had a message list, 0 when there was none
 */
public record ThreadSummary(String id, int conversationMessages, int controlMessages, Map<String, Integer> toolCalls,
                            int snapshots, int finalStateSize) {

    public ThreadSummary {
        toolCalls = Collections.unmodifiableMap(new LinkedHashMap<>(toolCalls));
    }

    public static ThreadSummary of(TraceThread thread) {
        int conversation = 0;
        int control = 0;
        int snapshots = 0;
        Map<String, Integer> tools = new LinkedHashMap<>();
        for (Event e : thread.events()) {
            Payload p = e.payload();
            if (p instanceof Payload.ConversationMessage m) {
                conversation++;
                // JSON chat formats carry their calls in the assistant message; Mycelian MSG records carry none.
                for (ToolCall c : m.message().toolCalls()) {
                    tools.merge(c.name(), 1, Integer::sum);
                }
            } else if (p instanceof Payload.ControlMessage) {
                control++;
            } else if (p instanceof Payload.StateDump) {
                snapshots++;
            } else if (p instanceof Payload.ToolInvocation call && !call.planned()) {
                tools.merge(call.call().name(), 1, Integer::sum);
            }
        }
        int finalSize = thread.lastSnapshot().map(s -> s.size()).orElse(0);
        return new ThreadSummary(thread.id(), conversation, control, tools, snapshots, finalSize);
    }

    public int toolCallCount() {
        return toolCalls.values().stream().mapToInt(Integer::intValue).sum();
    }
}
