package dev.tracedeck.importers.langfuse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.MalformedRecordException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.spans.GenAiMessages;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A message in the Chat Completions shape, {@code {role, content, tool_calls, tool_call_id, name}}, as the OpenAI
 * integration, LlamaIndex, CrewAI, AutoGen and LangChain's callback handler leave it in Langfuse, with what those
 * write beside it:
 * <ul>
 *   <li>LangChain's role as its message {@code type} ({@code human}, {@code ai}, {@code system}, {@code tool}) where
 *       no {@code role} is written, and an AI message's calls in {@code additional_kwargs.tool_calls} as well as its
 *       own {@code tool_calls} ({@code {name, args, id}} as LangChain flattens them);</li>
 *   <li>a tool offered to the model written as a {@code tool} message whose content is its definition
 *       ({@code {type: "function", function: {…}}}, no {@code tool_call_id}): LangChain's callback handler lists the
 *       tools so, and Langfuse reads them as the tools, not as results; none is a message here;</li>
 *   <li>the calls of an answer written as its content, a {@code tool_calls} list or its JSON text (Koog writes each
 *       call so, and repeats it in the next request as a {@code tool} message): an assistant's message making those
 *       calls.</li>
 * </ul>
 */
final class ChatMessages {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Map<String, String> LANGCHAIN_TYPES = Map.of("human", "user", "ai", "assistant",
            "system", "system", "tool", "tool", "function", "function");

    private ChatMessages() {
    }

    /** True for an object LangChain's message types name ({@code {"type": "human", "content": …}}). */
    static boolean isLangChainTyped(JsonNode node) {
        return !node.has("role") && node.has("content") && LANGCHAIN_TYPES.containsKey(node.path("type").asText(""));
    }

    /** The message, or none for a tool's definition written as a message. */
    static Optional<Message> read(JsonNode node, String defaultRole) throws MalformedRecordException {
        String role = node.hasNonNull("role") ? JsonFields.text(node, "role")
                : LANGCHAIN_TYPES.getOrDefault(node.path("type").asText(""), defaultRole);
        JsonNode content = node.path("content");
        if (content.isNumber() || content.isBoolean()) {
            throw JsonFields.wrongType("content", content, "a string or a list of parts");
        }
        if (role.equals("tool") && isToolDefinition(content) && !node.hasNonNull("tool_call_id")) {
            return Optional.empty();
        }
        List<ToolCall> calls = calls(JsonFields.list(node, "tool_calls"), "tool_calls");
        if (calls.isEmpty()) {
            JsonNode kwargs = JsonFields.object(node, "additional_kwargs");
            calls = calls(kwargs.isObject() ? JsonFields.list(kwargs, "tool_calls", "additional_kwargs.tool_calls")
                    : kwargs, "additional_kwargs.tool_calls");
        }
        String text = content.isTextual() ? content.textValue() : content.isMissingNode() || content.isNull() ? ""
                : content.isArray() ? GenAiMessages.content(JsonValues.from(content)) : content.toString();
        if (calls.isEmpty() && (content.isTextual() || content.isArray())) {
            List<ToolCall> written = content.isTextual() ? callsWrittenAsText(content.textValue()) : callList(content);
            if (!written.isEmpty()) {
                return Optional.of(new Message("assistant", "", written, ""));
            }
        }
        String answers = JsonFields.text(node, "tool_call_id");
        if (answers.isEmpty() && role.equals("tool")) {
            answers = node.path("id").isTextual() ? node.get("id").textValue() : "";
        }
        String name = JsonFields.text(node, "name");
        return Optional.of(new Message(role, text, calls, answers, role.equals("tool") ? name : ""));
    }

    private static boolean isToolDefinition(JsonNode content) {
        return content.isObject() && content.path("type").asText("").equals("function") && content.path("function").isObject();
    }

    /** Chat Completions' {@code {id, function: {name, arguments}}} or LangChain's {@code {id, name, args}}. */
    private static List<ToolCall> calls(JsonNode list, String where) throws MalformedRecordException {
        List<ToolCall> calls = new ArrayList<>();
        if (!list.isArray()) {
            return calls;
        }
        for (int i = 0; i < list.size(); i++) {
            String at = where + "[" + i + "]";
            JsonNode c = JsonFields.isObject(list.get(i), at);
            JsonNode f = JsonFields.object(c, "function", at + ".function");
            f = f.isObject() ? f : c;
            JsonNode args = f.has("arguments") ? f.get("arguments") : f.get("args");
            if (args != null && !args.isNull() && !args.isTextual() && !args.isObject()) {
                throw JsonFields.wrongType(at + ".arguments", args, "a string or an object");
            }
            calls.add(JsonValues.toolCall(JsonFields.text(c, "id", at + ".id"), JsonFields.text(f, "name", at + ".name"),
                    args));
        }
        return calls;
    }

    /** The calls of a content that is the JSON text of a {@code tool_calls} list, else none. */
    private static List<ToolCall> callsWrittenAsText(String content) {
        String s = content.strip();
        if (!s.startsWith("[{") || !s.contains("\"function\"")) {
            return List.of();
        }
        try {
            return callList(MAPPER.readTree(s));
        } catch (JsonProcessingException | MalformedRecordException e) {
            return List.of();
        }
    }

    /** The calls of a content that is a {@code tool_calls} list, else none. */
    private static List<ToolCall> callList(JsonNode list) throws MalformedRecordException {
        if (!list.isArray() || list.isEmpty()) {
            return List.of();
        }
        for (JsonNode c : list) {
            if (!c.path("function").path("name").isTextual()) {
                return List.of();
            }
        }
        return calls(list, "content");
    }
}
