package dev.tracedeck.importers.langfuse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.responses.ResponseTurns;
import dev.tracedeck.importers.spans.AttributeMessage;
import dev.tracedeck.importers.spans.GenAiMessages;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Langfuse generation's {@code input} or {@code output} as messages. Langfuse keeps what the integration handed
 * it, so the shapes vary by framework; these are read:
 * <ul>
 *   <li>a list of messages: the GenAI conventions' {@code {role, parts}} (Pydantic AI, and any framework sending
 *       OpenTelemetry GenAI spans), or Chat Completions' {@code {role, content, tool_calls, tool_call_id}} (the OpenAI
 *       integration, LangChain, LlamaIndex, CrewAI, AutoGen), with Anthropic's {@code tool_use} / {@code tool_result}
 *       content blocks read as calls and results;</li>
 *   <li>a list of OpenAI Responses items (the OpenAI Agents SDK: {@code function_call}, {@code function_call_output},
 *       {@code {role, content}}), an assistant turn's items being one message ({@link ResponseTurns});</li>
 *   <li>an object holding one of those: {@code {messages: […]}}, a Responses response ({@code output: […]}), a Chat
 *       Completions response ({@code choices[].message}), one Responses item, or one message ({@code {role, …}});</li>
 *   <li>plain text: one message in the side's role (the prompt a completion call sent, the text it answered).</li>
 * </ul>
 * Anything else (a framework's own dict) is one message in the side's role whose text is the value's JSON, so the
 * history shows what the model was given without guessing at its parts. Each message points at its item
 * ({@code /input/3}); a list nested once ({@code [[…]]}, LangChain's batch of one) is read as its one list.
 */
final class LangfuseMessages {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private LangfuseMessages() {
    }

    /** The messages of {@code value} at {@code pointer} within the observation, in {@code role} where none is said. */
    static List<AttributeMessage> read(JsonNode value, String pointer, String role) {
        List<AttributeMessage> found = new ArrayList<>();
        if (value == null || value.isNull() || value.isMissingNode()) {
            return found;
        }
        if (value.isTextual()) {
            Optional<JsonNode> parsed = looksLikeMessages(value.textValue()) ? tree(value.textValue()) : Optional.empty();
            if (parsed.isPresent()) {
                // Some integrations hand Langfuse the JSON text of the messages.
                return read(parsed.get(), pointer, role);
            }
            found.add(new AttributeMessage.Msg(Message.text(role, value.textValue()), pointer, value.textValue()));
            return found;
        }
        if (value.isArray()) {
            if (value.size() == 1 && value.get(0).isArray()) {
                return read(value.get(0), pointer + "/0", role);
            }
            list(value, pointer, role, found);
            return found;
        }
        if (value.isObject()) {
            if (value.path("messages").isArray()) {
                return read(value.get("messages"), pointer + "/messages", role);
            }
            if (value.path("output").isArray() && (value.path("object").asText("").equals("response") || anyTyped(value.get("output")))) {
                return read(value.get("output"), pointer + "/output", role);
            }
            if (value.path("choices").isArray()) {
                JsonNode choices = value.get("choices");
                for (int i = 0; i < choices.size(); i++) {
                    JsonNode message = choices.get(i).path("message");
                    if (message.isObject()) {
                        found.addAll(message(message, pointer + "/choices/" + i + "/message", role));
                    }
                }
                return found;
            }
            if (ResponseTurns.isTypedItem(value)) {
                // The OpenAI integration keeps a response's only output item on its own.
                List<AttributeMessage> one = new ArrayList<>();
                for (ResponseTurns.Read r : ResponseTurns.read(MAPPER.createArrayNode().add(value))) {
                    one.add(r instanceof ResponseTurns.Msg m ? new AttributeMessage.Msg(m.message(), pointer, value.toString())
                            : new AttributeMessage.Problem(pointer, value.toString(), ((ResponseTurns.Problem) r).reason()));
                }
                return one;
            }
            if (value.has("role") || value.has("parts") || value.has("tool_calls")) {
                return message(value, pointer, role);
            }
        }
        found.add(new AttributeMessage.Msg(Message.text(role, value.toString()), pointer, value.toString()));
        return found;
    }

    private static Optional<JsonNode> tree(String text) {
        try {
            return Optional.of(MAPPER.readTree(text));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    private static boolean looksLikeMessages(String text) {
        String s = text.strip();
        return (s.startsWith("[") || s.startsWith("{")) && (s.contains("\"role\"") || s.contains("\"type\""));
    }

    private static void list(JsonNode items, String pointer, String role, List<AttributeMessage> found) {
        if (anyTyped(items)) {
            for (ResponseTurns.Read r : ResponseTurns.read(items)) {
                String at = pointer + "/" + r.item();
                String text = items.get(r.item()).toString();
                if (r instanceof ResponseTurns.Msg m) {
                    found.add(new AttributeMessage.Msg(m.message(), at, text));
                } else {
                    found.add(new AttributeMessage.Problem(at, text, ((ResponseTurns.Problem) r).reason()));
                }
            }
            return;
        }
        for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            String at = pointer + "/" + i;
            if (item.isObject()) {
                found.addAll(message(item, at, role));
            } else if (item.isTextual()) {
                found.add(new AttributeMessage.Msg(Message.text(role, item.textValue()), at, item.toString()));
            } else {
                found.add(new AttributeMessage.Problem(at, item.toString(), "a " + item.getNodeType().toString().toLowerCase(java.util.Locale.ROOT)
                        + " where a message belongs"));
            }
        }
    }

    /** True when some item is a typed Responses item (a call, an output, reasoning): the list is Responses items. */
    private static boolean anyTyped(JsonNode items) {
        for (JsonNode item : items) {
            if (item.isObject() && ResponseTurns.isTypedItem(item)) {
                return true;
            }
        }
        return false;
    }

    /** One message object: GenAI parts or Chat Completions, with Anthropic's tool blocks in its content. */
    private static List<AttributeMessage> message(JsonNode node, String pointer, String role) {
        List<AttributeMessage> found = new ArrayList<>();
        if (!node.has("parts") && node.path("content").isArray() && hasToolBlocks(node.get("content"))) {
            for (Message m : anthropic(node, role)) {
                found.add(new AttributeMessage.Msg(m, pointer, node.toString()));
            }
            return found;
        }
        JsonValue value = JsonValues.from(node);
        for (Message m : GenAiMessages.messages((JsonValue.JsonObject) value, role)) {
            found.add(new AttributeMessage.Msg(m, pointer, node.toString()));
        }
        return found;
    }

    private static boolean hasToolBlocks(JsonNode content) {
        for (JsonNode block : content) {
            String type = block.path("type").asText("");
            if (type.equals("tool_use") || type.equals("tool_result")) {
                return true;
            }
        }
        return false;
    }

    /** Anthropic content blocks: text joined, {@code tool_use} calls, each {@code tool_result} a result ahead of the rest. */
    private static List<Message> anthropic(JsonNode node, String defaultRole) {
        String role = node.path("role").asText(defaultRole);
        List<Message> results = new ArrayList<>();
        List<ToolCall> calls = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (JsonNode block : node.get("content")) {
            String type = block.path("type").asText("");
            if (type.equals("tool_use")) {
                calls.add(JsonValues.toolCall(block.path("id").asText(""), block.path("name").asText(""), block.get("input")));
            } else if (type.equals("tool_result")) {
                JsonNode content = block.path("content");
                String result = content.isTextual() ? content.textValue()
                        : GenAiMessages.content(JsonValues.from(content));
                results.add(new Message("tool", result, List.of(), block.path("tool_use_id").asText("")));
            } else {
                String piece = block.path("text").asText("[" + type + " block]");
                text.append(text.isEmpty() ? "" : "\n").append(piece);
            }
        }
        List<Message> out = new ArrayList<>(results);
        if (!text.isEmpty() || !calls.isEmpty() || results.isEmpty()) {
            out.add(new Message(role, text.toString(), calls, ""));
        }
        return out;
    }
}
