package dev.tracedeck.importers.langchain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One LangChain message to the model's {@link Message}, in any of the three shapes LangChain writes:
 * <ul>
 *   <li>{@code messages_to_dict}: {@code {"type": "ai", "data": {…model_dump…}}};</li>
 *   <li>{@code dumpd}: {@code {"lc": 1, "type": "constructor", "id": [..., "AIMessage"], "kwargs": {…}}} (also
 *       {@code lc: 2}, and the {@code langchain.schema.messages} and {@code langchain_core.messages.ai} id paths);</li>
 *   <li>a plain {@code model_dump} dict, {@code {"type": "human", "content": …}}, as LangGraph's API returns them.</li>
 * </ul>
 * Types map to roles: {@code human} → user, {@code ai} → assistant, {@code system}, {@code tool}, {@code function}
 * as they are, {@code chat} → its {@code role} as written; chunk classes as their message. Tool calls come from
 * {@code tool_calls} (args an object) and {@code invalid_tool_calls} (args the raw string that did not parse; they
 * are calls the model made, and no tool answers them); only when both are empty from the provider's raw
 * {@code additional_kwargs.tool_calls} (arguments a JSON string) or the legacy {@code additional_kwargs.function_call}.
 * A tool message answers {@code tool_call_id}. A message's {@code name} (an agent's or a speaker's, which the
 * OpenAI integration sends as the message's {@code name}) is kept, but not a tool message's: that is the tool's
 * name, which the integrations leave out of the request.
 */
public final class LangChainMessages {

    private static final Map<String, String> ROLES = Map.of("human", "user", "ai", "assistant", "system", "system",
            "tool", "tool", "function", "function", "developer", "developer", "remove", "remove");
    private static final Map<String, String> CLASS_TYPES = Map.ofEntries(
            Map.entry("HumanMessage", "human"), Map.entry("AIMessage", "ai"), Map.entry("SystemMessage", "system"),
            Map.entry("ToolMessage", "tool"), Map.entry("ChatMessage", "chat"), Map.entry("FunctionMessage", "function"),
            Map.entry("RemoveMessage", "remove"));

    /** A parsed message: LangChain's type ({@code human}, {@code ai} …, for a class its message type), and the message. */
    public record Parsed(String type, Message message) {
    }

    private LangChainMessages() {
    }

    /** True for an object in one of the three shapes with a message type or class. */
    public static boolean isMessage(JsonNode node) {
        if (!node.isObject()) {
            return false;
        }
        if (isEnvelope(node)) {
            return messageClass(node).isPresent();
        }
        String type = node.path("type").asText("");
        if (node.path("data").isObject()) {
            return typeOf(type).isPresent();
        }
        return typeOf(type).isPresent() && node.has("content");
    }

    /** A {@code dumpd} envelope: {@code lc}, a string {@code type}, an {@code id} path. */
    public static boolean isEnvelope(JsonNode node) {
        return node.path("lc").isNumber() && node.path("type").isTextual() && node.path("id").isArray();
    }

    public static Parsed parse(JsonNode node) throws MalformedRecordException {
        String type;
        JsonNode fields;
        if (isEnvelope(node)) {
            String cls = messageClass(node).orElseThrow(
                    () -> new MalformedRecordException("not a message class: " + node.path("id")));
            if (!node.path("type").asText().equals("constructor")) {
                throw new MalformedRecordException(cls + " was not serialized (\"type\": \""
                        + node.path("type").asText() + "\"" + (node.hasNonNull("repr") ? ", repr " + node.path("repr").asText() : "") + ")");
            }
            fields = node.path("kwargs");
            if (!fields.isObject()) {
                throw new MalformedRecordException(cls + " has no kwargs object");
            }
            String base = cls.endsWith("Chunk") ? cls.substring(0, cls.length() - "Chunk".length()) : cls;
            type = CLASS_TYPES.getOrDefault(base, fields.path("type").asText(""));
        } else {
            fields = node.path("data").isObject() ? node.get("data") : node;
            type = typeOf(node.path("type").asText("")).orElseThrow(
                    () -> new MalformedRecordException("unknown message type \"" + node.path("type").asText("") + "\""));
        }
        String role = type.equals("chat") ? fields.path("role").asText("") : ROLES.getOrDefault(type, type);
        String content = LangChainContent.text(fields.get("content"));
        List<ToolCall> calls = toolCalls(fields);
        JsonNode callId = fields.path("tool_call_id");
        String toolCallId = callId.isTextual() || callId.isNumber() ? callId.asText() : "";
        String name = fields.path("name").isTextual() && !type.equals("tool") ? fields.path("name").textValue() : "";
        return new Parsed(type, new Message(role, content, calls, toolCallId, name));
    }

    /** The message as a state entry at {@code position}: its type, a chat message's role, calls and their ids. */
    public static StateEntry entry(Parsed parsed, int position) {
        Message m = parsed.message();
        String role = parsed.type().equals("chat") ? m.role() : "";
        return new StateEntry(position, parsed.type(), role, m.toolCalls().size(),
                m.toolCalls().stream().map(ToolCall::name).toList(), false, m.content(), false,
                m.toolCalls().stream().map(ToolCall::id).toList(), m.toolCallId());
    }

    /** {@code human}, {@code ai} … for a type or a chunk class name ({@code AIMessageChunk} → {@code ai}). */
    private static Optional<String> typeOf(String type) {
        if (ROLES.containsKey(type) || type.equals("chat")) {
            return Optional.of(type);
        }
        String base = type.endsWith("Chunk") ? type.substring(0, type.length() - "Chunk".length()) : type;
        return Optional.ofNullable(CLASS_TYPES.get(base));
    }

    /** The envelope's class when it is a message class ({@code AIMessage}, {@code ToolMessageChunk}, {@code BaseMessage}). */
    private static Optional<String> messageClass(JsonNode envelope) {
        JsonNode id = envelope.path("id");
        if (id.size() == 0) {
            return Optional.empty();
        }
        String cls = id.get(id.size() - 1).asText("");
        boolean inMessages = false;
        for (JsonNode part : id) {
            inMessages |= part.asText("").equals("messages");
        }
        return inMessages && (cls.endsWith("Message") || cls.endsWith("MessageChunk")) ? Optional.of(cls) : Optional.empty();
    }

    private static List<ToolCall> toolCalls(JsonNode fields) throws MalformedRecordException {
        List<ToolCall> calls = new ArrayList<>();
        JsonNode normalized = fields.path("tool_calls");
        if (!normalized.isMissingNode() && !normalized.isNull() && !normalized.isArray()) {
            throw new MalformedRecordException("tool_calls is not a list");
        }
        for (int i = 0; i < normalized.size(); i++) {
            JsonNode call = normalized.get(i);
            if (!call.path("name").isTextual()) {
                throw new MalformedRecordException("tool_calls[" + i + "] has no name");
            }
            calls.add(call(id(call), call.get("name").textValue(), call.get("args")));
        }
        JsonNode invalid = fields.path("invalid_tool_calls");
        for (int i = 0; invalid.isArray() && i < invalid.size(); i++) {
            JsonNode call = invalid.get(i);
            calls.add(call(id(call), call.path("name").asText(""), call.get("args")));
        }
        if (!calls.isEmpty()) {
            return calls;
        }
        JsonNode extra = fields.path("additional_kwargs");
        JsonNode raw = extra.path("tool_calls");
        for (int i = 0; raw.isArray() && i < raw.size(); i++) {
            JsonNode function = raw.get(i).path("function");
            if (!function.path("name").isTextual()) {
                throw new MalformedRecordException("additional_kwargs.tool_calls[" + i + "] has no function name");
            }
            calls.add(call(id(raw.get(i)), function.get("name").textValue(), function.get("arguments")));
        }
        JsonNode legacy = extra.path("function_call");
        if (calls.isEmpty() && legacy.path("name").isTextual()) {
            calls.add(call("", legacy.get("name").textValue(), legacy.get("arguments")));
        }
        return calls;
    }

    private static String id(JsonNode call) {
        JsonNode id = call.path("id");
        return id.isTextual() || id.isNumber() ? id.asText() : "";
    }

    /** Arguments as written: a string kept and parsed when it parses, an object as its compact text. */
    private static ToolCall call(String id, String name, JsonNode args) {
        if (args == null || args.isNull() || args.isMissingNode()) {
            return new ToolCall(id, name, "", Optional.empty(), false);
        }
        if (args.isTextual()) {
            return JsonValues.toolCall(id, name, args.textValue());
        }
        JsonValue value = JsonValues.from(args);
        return new ToolCall(id, name, value.toCompactString(), Optional.of(value), false);
    }
}
