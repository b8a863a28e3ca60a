package dev.tracedeck.engine.freeze;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The messages of an Anthropic Messages request: the system prompt apart, the history as user and assistant turns of
 * content blocks (text, {@code tool_use}, and {@code tool_result} in the user's turn), consecutive messages of one side
 * in one turn, as the API takes them.
 */
final class AnthropicBody {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private AnthropicBody() {
    }

    static void messages(ObjectNode body, List<String> system, List<SentMessage> history, List<String> notes) {
        if (!system.isEmpty()) {
            body.put("system", String.join("\n\n", system));
        }
        ArrayNode messages = body.putArray("messages");
        ObjectNode turn = null;
        for (SentMessage m : history) {
            String side = m.role().equals("assistant") ? "assistant" : "user";
            if (m.isSystem()) {
                notes.add("line " + m.line() + ": a " + m.role() + " message within the history is sent as the user's text:"
                        + " Anthropic takes system text only before the history");
            } else if (!side.equals("assistant") && !m.isToolResult() && !m.role().equals("user")) {
                notes.add("line " + m.line() + ": a message of role '" + m.role() + "' is sent as the user's");
            }
            if (turn == null || !turn.path("role").asText().equals(side)) {
                turn = messages.addObject().put("role", side);
                turn.putArray("content");
            }
            ArrayNode blocks = (ArrayNode) turn.get("content");
            if (m.isToolResult()) {
                ObjectNode result = blocks.addObject().put("type", "tool_result").put("tool_use_id", id(m.toolCallId(), notes));
                if (!m.text().isEmpty()) {
                    result.put("content", m.text());
                }
                continue;
            }
            if (!m.text().isBlank()) {
                blocks.addObject().put("type", "text").put("text", m.text());
            }
            for (SentMessage.Call c : m.calls()) {
                blocks.addObject().put("type", "tool_use").put("id", id(c.id(), notes)).put("name", c.name())
                        .set("input", input(c, m.line(), notes));
            }
        }
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).path("content").isEmpty()) {
                notes.add("a " + messages.get(i).path("role").asText() + " turn with nothing to send was left out");
                messages.remove(i);
            }
        }
    }

    /** Anthropic's ids are letters, digits, _ and -: another API's id ({@code functions.get:0}) with the rest as _. */
    private static String id(String recorded, List<String> notes) {
        String id = recorded.replaceAll("[^a-zA-Z0-9_-]", "_");
        if (!id.equals(recorded)) {
            notes.add("the call id " + recorded + " is sent as " + id + ": Anthropic's ids are letters, digits, _ and -");
        }
        return id;
    }

    /** A call's arguments as the object {@code tool_use.input} must be. */
    private static JsonNode input(SentMessage.Call c, int line, List<String> notes) {
        try {
            JsonNode parsed = c.arguments().isBlank() ? MAPPER.createObjectNode() : MAPPER.readTree(c.arguments());
            if (parsed != null && parsed.isObject()) {
                return parsed;
            }
        } catch (JsonProcessingException e) {
            // Said below.
        }
        notes.add("line " + line + ": the arguments of " + c.name() + " are not a JSON object (" + ToolSchema.abbreviate(c.arguments())
                + "); its tool_use input is {}");
        return MAPPER.createObjectNode();
    }
}
