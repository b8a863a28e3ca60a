package dev.tracedeck.engine.freeze;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** The messages of an OpenAI Chat Completions request: each message as the API's own, in history order. */
final class ChatBody {

    private ChatBody() {
    }

    static void messages(ObjectNode body, List<SentMessage> system, List<SentMessage> history, List<String> notes) {
        ArrayNode messages = body.putArray("messages");
        for (SentMessage s : system) {
            messages.addObject().put("role", s.role().equals("developer") ? "developer" : "system").put("content", s.text());
        }
        for (SentMessage m : history) {
            ObjectNode out = messages.addObject();
            if (m.isToolResult()) {
                out.put("role", "tool").put("tool_call_id", m.toolCallId()).put("content", m.text());
                continue;
            }
            String role = switch (m.role()) {
                case "system", "developer", "user", "assistant" -> m.role();
                default -> {
                    notes.add("line " + m.line() + ": a message of role '" + m.role() + "' is sent as the user's");
                    yield "user";
                }
            };
            out.put("role", role);
            if (role.equals("assistant") && !m.calls().isEmpty() && m.text().isEmpty()) {
                out.putNull("content");
            } else {
                out.put("content", m.text());
            }
            if (!m.name().isEmpty()) {
                out.put("name", m.name());
            }
            if (role.equals("assistant") && !m.calls().isEmpty()) {
                ArrayNode calls = out.putArray("tool_calls");
                for (SentMessage.Call c : m.calls()) {
                    ObjectNode call = calls.addObject().put("id", c.id()).put("type", "function");
                    call.putObject("function").put("name", c.name()).put("arguments", c.arguments());
                }
            }
        }
    }
}
