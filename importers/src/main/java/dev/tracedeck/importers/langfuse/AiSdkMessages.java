package dev.tracedeck.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.MalformedRecordException;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.spans.GenAiMessages;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * The Vercel AI SDK's messages ({@code ai.generateText.doGenerate} and its kin): {@code {role, content: [parts]}}
 * with {@code text}, {@code reasoning}, {@code tool-call} ({@code toolCallId}, {@code toolName}, {@code input}, or
 * {@code args} before v5) and {@code tool-result} ({@code toolCallId}, {@code toolName}, {@code output} as
 * {@code {type, value}}, or {@code result}) parts, every result of a {@code tool} message one result; and a step's
 * output, the list of calls the model made ({@code [{toolCallId, toolName, input}]}), one assistant message. As
 * Langfuse's AI SDK adapter reads them.
 */
final class AiSdkMessages {

    private AiSdkMessages() {
    }

    /** True for a message whose content holds a {@code tool-call} or {@code tool-result} part. */
    static boolean isMessage(JsonNode node) {
        if (!node.path("content").isArray()) {
            return false;
        }
        for (JsonNode part : node.get("content")) {
            String type = part.path("type").asText("");
            if (type.equals("tool-call") || type.equals("tool-result")) {
                return true;
            }
        }
        return false;
    }

    /** True for a step's calls: a non-empty list of {@code {toolCallId, toolName, …}}. */
    static boolean isCallList(JsonNode node) {
        if (!node.isArray() || node.isEmpty()) {
            return false;
        }
        for (JsonNode item : node) {
            if (!item.isObject() || !item.path("toolCallId").isTextual() || !item.path("toolName").isTextual()) {
                return false;
            }
        }
        return true;
    }

    /** A step's calls as the assistant's message. */
    static Message calls(JsonNode list) throws MalformedRecordException {
        List<ToolCall> calls = new ArrayList<>();
        for (JsonNode item : list) {
            calls.add(call(item));
        }
        return new Message("assistant", "", calls, "");
    }

    /** A message's results, each on its own, then its text and calls. */
    static List<Message> messages(JsonNode node, String defaultRole) throws MalformedRecordException {
        String written = JsonFields.text(node, "role");
        String role = written.isEmpty() ? defaultRole : written;
        List<Message> results = new ArrayList<>();
        List<ToolCall> calls = new ArrayList<>();
        List<JsonNode> rest = new ArrayList<>();
        for (JsonNode part : node.get("content")) {
            String type = part.isObject() ? JsonFields.text(part, "type", "a part's type") : "";
            if (type.equals("tool-call")) {
                calls.add(call(part));
            } else if (type.equals("tool-result")) {
                results.add(new Message("tool", output(part.has("output") ? part.get("output") : part.path("result")),
                        List.of(), JsonFields.text(part, "toolCallId", "a tool-result part's toolCallId"),
                        JsonFields.text(part, "toolName", "a tool-result part's toolName")));
            } else {
                rest.add(part);
            }
        }
        String text = GenAiMessages.content(JsonValues.from(JsonNodeFactory.instance.arrayNode().addAll(rest)));
        List<Message> out = new ArrayList<>(results);
        if (!text.isEmpty() || !calls.isEmpty() || results.isEmpty()) {
            out.add(new Message(role, text, calls, ""));
        }
        return out;
    }

    private static ToolCall call(JsonNode part) throws MalformedRecordException {
        return JsonValues.toolCall(JsonFields.text(part, "toolCallId", "a tool-call part's toolCallId"),
                JsonFields.text(part, "toolName", "a tool-call part's toolName"),
                part.has("input") ? part.get("input") : part.get("args"));
    }

    /** A result's output: v5's {@code {type: "text" | "json" | "error-text" | …, value}}, else the value itself. */
    private static String output(JsonNode output) {
        JsonNode value = output.isObject() && output.has("type") && output.has("value") ? output.get("value") : output;
        return value.isTextual() ? value.textValue() : value.isMissingNode() || value.isNull() ? "" : value.toString();
    }
}
