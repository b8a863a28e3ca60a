package dev.tracedeck.model.tokens;

import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Counts a chat request's prompt tokens the way OpenAI's cookbook does, which matches the {@code prompt_tokens}
 * the API reports for plain messages and for flat tool schemas. Tool calls replayed in the history are counted
 * as their name and argument text plus a small framing, which the API does not document: such counts are marked
 * as estimates.
 */
public final class PromptTokens {

    /** Framing per replayed tool call; not published, so any count that uses it is an estimate. */
    static final int PER_TOOL_CALL = 3;

    private final ChatFormat format;
    private final Tokenizer tokenizer;

    public PromptTokens(ChatFormat format) {
        this.format = format;
        this.tokenizer = Tokenizer.of(format.encoding());
    }

    /** @param tools the request's {@code tools} array (or legacy {@code functions}), or empty */
    public PromptCount count(List<PromptMessage> messages, Optional<JsonValue> tools) {
        Map<TokenCategory, Integer> by = new EnumMap<>(TokenCategory.class);
        Set<String> estimates = new LinkedHashSet<>();
        for (PromptMessage m : messages) {
            int framing = format.perMessage() + tokenizer.count(m.role());
            int text = tokenizer.count(m.content());
            if (!m.name().isEmpty()) {
                framing += tokenizer.count(m.name()) + format.perName();
            }
            if (!m.toolCallId().isEmpty()) {
                framing += tokenizer.count(m.toolCallId());
            }
            int calls = 0;
            for (ToolCall call : m.toolCalls()) {
                calls += PER_TOOL_CALL + tokenizer.count(call.name()) + tokenizer.count(call.rawArguments());
                estimates.add("the API does not publish how tool calls in the history are counted");
            }
            TokenCategory category = m.category();
            add(by, category, framing + (category == TokenCategory.TOOL_CALLS ? 0 : text));
            if (category == TokenCategory.TOOL_CALLS) {
                add(by, TokenCategory.TOOL_CALLS, text);
            }
            add(by, TokenCategory.TOOL_CALLS, calls);
        }
        add(by, TokenCategory.CONVERSATION, format.replyPriming());
        tools.ifPresent(t -> add(by, TokenCategory.TOOL_SCHEMAS, schemas(t, estimates)));
        int total = by.values().stream().mapToInt(Integer::intValue).sum();
        return new PromptCount(total, by, new ArrayList<>(estimates));
    }

    private int schemas(JsonValue tools, Set<String> estimates) {
        if (!(tools instanceof JsonValue.JsonArray array) || array.items().isEmpty()) {
            return 0;
        }
        int tokens = 0;
        for (JsonValue tool : array.items()) {
            JsonValue function = tool.get("function").orElse(tool);
            tokens += format.functionStart();
            String name = text(function, "name");
            Optional<String> description = function.get("description").flatMap(JsonValue::asText);
            if (description.isEmpty()) {
                estimates.add("a tool without a description: the published rule was measured with one");
            }
            tokens += tokenizer.count(name + ":" + withoutFinalPeriod(description.orElse("")));
            Optional<JsonValue> properties = function.path("parameters", "properties");
            if (properties.isPresent() && properties.get() instanceof JsonValue.JsonObject props && !props.members().isEmpty()) {
                tokens += format.propertiesStart();
                for (Map.Entry<String, JsonValue> p : props.members().entrySet()) {
                    tokens += format.perProperty() + property(p.getKey(), p.getValue(), estimates);
                }
            }
        }
        return tokens + format.functionsEnd();
    }

    private int property(String name, JsonValue schema, Set<String> estimates) {
        int tokens = 0;
        Optional<JsonValue> values = schema.get("enum");
        if (values.isPresent() && values.get() instanceof JsonValue.JsonArray items) {
            tokens += format.enumStart();
            for (JsonValue item : items.items()) {
                tokens += format.perEnumItem() + tokenizer.count(item.asText().orElse(item.toCompactString()));
            }
        }
        String type = schema.get("type").flatMap(JsonValue::asText).orElse("");
        if (type.equals("object") || type.equals("array") || type.isEmpty()) {
            estimates.add("a tool parameter of type " + (type.isEmpty() ? "(none)" : type)
                    + ": the published rule covers flat scalar properties");
        }
        return tokens + tokenizer.count(name + ":" + type + ":" + withoutFinalPeriod(text(schema, "description")));
    }

    private static String text(JsonValue value, String key) {
        return value.get(key).flatMap(JsonValue::asText).orElse("");
    }

    private static String withoutFinalPeriod(String s) {
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static void add(Map<TokenCategory, Integer> by, TokenCategory category, int tokens) {
        if (tokens != 0) {
            by.merge(category, tokens, Integer::sum);
        }
    }
}
