package dev.tracedeck.importers.langchain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
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

    /**
     * A parsed message: LangChain's type ({@code human}, {@code ai} …, for a class its message type), the message,
     * and the fields it was read from (a {@code dumpd} envelope's {@code kwargs}, a {@code messages_to_dict} entry's
     * {@code data}, else the dict itself).
     */
    public record Parsed(String type, Message message, JsonNode fields) {
    }

    private LangChainMessages() {
    }

    /** True for an object in one of the three shapes with a message type or class. */
    public static boolean isMessage(JsonNode node) {
        if (!node.isObject()) {
            return false;
        }
        if (isEnvelope(node)) {
            // One whose type or class path broke is a message that broke, which parse says.
            return envelopeProblem(node) != null || messageClass(node).isPresent();
        }
        JsonNode type = node.path("type");
        if (!type.isTextual()) {
            // A message's type that broke: a message all the same where it holds what one does, which parse says.
            return !type.isMissingNode() && !type.isNull() && (node.has("data") || node.has("content"));
        }
        if (node.has("data")) {
            return typeOf(type.textValue()).isPresent();
        }
        return typeOf(type.textValue()).isPresent() && node.has("content");
    }

    /** A {@code dumpd} envelope: {@code lc}, a string {@code type}, an {@code id} path. */
    public static boolean isEnvelope(JsonNode node) {
        return node.path("lc").isNumber() && node.has("type") && node.has("id");
    }

    /** Why an envelope can't be read: its {@code type} not a string, its {@code id} no list of names; null when it can. */
    private static String envelopeProblem(JsonNode node) {
        try {
            JsonFields.text(node, "type");
            JsonNode id = JsonFields.list(node, "id");
            if (!id.isArray()) {
                return "id is missing, not a list of names";
            }
            for (int i = 0; i < id.size(); i++) {
                if (!id.get(i).isTextual()) {
                    throw JsonFields.wrongType("id[" + i + "]", id.get(i), "a string");
                }
            }
            return null;
        } catch (MalformedRecordException e) {
            return e.getMessage();
        }
    }

    public static Parsed parse(JsonNode node) throws MalformedRecordException {
        String type;
        JsonNode fields;
        if (isEnvelope(node)) {
            String problem = envelopeProblem(node);
            if (problem != null) {
                throw new MalformedRecordException("a serialized message whose " + problem);
            }
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
            fields = node.has("data") ? JsonFields.isObject(node.get("data"), "data") : node;
            String written = JsonFields.text(node, "type");
            type = typeOf(written).orElseThrow(
                    () -> new MalformedRecordException("unknown message type \"" + written + "\""));
        }
        JsonFields.text(fields, "type", node.has("data") ? "data.type" : "type");
        String role = type.equals("chat") ? JsonFields.text(fields, "role") : ROLES.getOrDefault(type, type);
        String content = LangChainContent.text(fields.get("content"));
        List<ToolCall> calls = toolCalls(fields);
        String toolCallId = JsonFields.textOrNumber(fields, "tool_call_id", "tool_call_id");
        String name = JsonFields.text(fields, "name");
        return new Parsed(type, new Message(role, content, calls, toolCallId, type.equals("tool") ? "" : name), fields);
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
            String at = "tool_calls[" + i + "]";
            JsonNode call = JsonFields.isObject(normalized.get(i), at);
            if (JsonFields.isAbsent(call.get("name"))) {
                throw new MalformedRecordException(at + " has no name");
            }
            calls.add(call(id(call, at), JsonFields.text(call, "name", at + ".name"), call.get("args"), at + ".args"));
        }
        JsonNode invalid = JsonFields.list(fields, "invalid_tool_calls");
        for (int i = 0; i < invalid.size(); i++) {
            String at = "invalid_tool_calls[" + i + "]";
            JsonNode call = JsonFields.isObject(invalid.get(i), at);
            calls.add(call(id(call, at), JsonFields.text(call, "name", at + ".name"), call.get("args"), at + ".args"));
        }
        if (!calls.isEmpty()) {
            return calls;
        }
        JsonNode extra = JsonFields.object(fields, "additional_kwargs");
        JsonNode raw = JsonFields.list(extra, "tool_calls", "additional_kwargs.tool_calls");
        for (int i = 0; i < raw.size(); i++) {
            String at = "additional_kwargs.tool_calls[" + i + "]";
            JsonNode function = JsonFields.object(JsonFields.isObject(raw.get(i), at), "function", at + ".function");
            if (JsonFields.isAbsent(function.get("name"))) {
                throw new MalformedRecordException(at + " has no function name");
            }
            calls.add(call(id(raw.get(i), at), JsonFields.text(function, "name", at + ".function.name"),
                    function.get("arguments"), at + ".function.arguments"));
        }
        JsonNode legacy = JsonFields.object(extra, "function_call", "additional_kwargs.function_call");
        if (calls.isEmpty() && legacy.hasNonNull("name")) {
            calls.add(call("", JsonFields.text(legacy, "name", "additional_kwargs.function_call.name"),
                    legacy.get("arguments"), "additional_kwargs.function_call.arguments"));
        }
        return calls;
    }

    /** A call's id: a string, or a number some writers give (read as its digits). */
    private static String id(JsonNode call, String at) throws MalformedRecordException {
        return JsonFields.textOrNumber(call, "id", at + ".id");
    }

    /** Arguments as written: a string kept and parsed when it parses, an object as its compact text. */
    private static ToolCall call(String id, String name, JsonNode args, String where) throws MalformedRecordException {
        if (args == null || args.isNull() || args.isMissingNode()) {
            return new ToolCall(id, name, "", Optional.empty(), false);
        }
        if (args.isTextual()) {
            return JsonValues.toolCall(id, name, args.textValue());
        }
        if (!args.isObject()) {
            throw JsonFields.wrongType(where, args, "an object or its JSON text");
        }
        JsonValue value = JsonValues.from(args);
        return new ToolCall(id, name, value.toCompactString(), Optional.of(value), false);
    }
}
