package dev.tracedeck.engine.freeze;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The input of an OpenAI Responses request: each message an input message, each call a {@code function_call} item,
 * each result a {@code function_call_output} item; the system prompt its {@code instructions}.
 */
final class ResponsesBody {

    private ResponsesBody() {
    }

    static void input(ObjectNode body, List<String> system, List<SentMessage> history, List<String> notes) {
        if (!system.isEmpty()) {
            body.put("instructions", String.join("\n\n", system));
        }
        ArrayNode input = body.putArray("input");
        for (SentMessage m : history) {
            if (m.isToolResult()) {
                input.addObject().put("type", "function_call_output").put("call_id", m.toolCallId()).put("output", m.text());
                continue;
            }
            String role = switch (m.role()) {
                case "system", "developer", "user", "assistant" -> m.role();
                default -> {
                    notes.add("line " + m.line() + ": a message of role '" + m.role() + "' is sent as the user's");
                    yield "user";
                }
            };
            if (!m.text().isEmpty() || m.calls().isEmpty()) {
                input.addObject().put("type", "message").put("role", role).put("content", m.text());
            }
            for (SentMessage.Call c : m.calls()) {
                input.addObject().put("type", "function_call").put("call_id", c.id()).put("name", c.name())
                        .put("arguments", c.arguments());
            }
        }
    }
}
