package dev.tracedeck.analysis.tokens;

import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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
        this(format, Tokenizer.of(format.encoding()));
    }

    /** Counts with {@code tokenizer}: {@link Tokenizer#upperBound} makes every count an upper bound of the real one. */
    public PromptTokens(ChatFormat format, Tokenizer tokenizer) {
        this.format = format;
        this.tokenizer = tokenizer;
    }

    /** One message's share of a prompt: its framing and values, without the reply priming a request adds once. */
    public int messageTokens(PromptMessage message) {
        int tokens = 0;
        for (int t : part(message).tokens()) {
            tokens += t;
        }
        return tokens;
    }

    /** The tokens every request adds once, priming the reply. */
    public int replyPriming() {
        return format.replyPriming();
    }

    /** @param tools the request's {@code tools} array (or legacy {@code functions}), or empty */
    public PromptCount count(List<PromptMessage> messages, Optional<JsonValue> tools) {
        Map<TokenCategory, Integer> by = new EnumMap<>(TokenCategory.class);
        boolean replayedCalls = false;
        boolean longTexts = false;
        for (PromptMessage m : messages) {
            MessagePart part = part(m);
            for (int c = 0; c < part.tokens().length; c++) {
                add(by, CATEGORIES[c], part.tokens()[c]);
            }
            replayedCalls |= part.replayedCalls();
            longTexts |= part.estimatedText();
        }
        Set<String> estimates = new LinkedHashSet<>();
        if (replayedCalls) {
            estimates.add(REPLAYED_CALLS);
        }
        if (longTexts) {
            estimates.add(LONG_TEXTS);
        }
        add(by, TokenCategory.CONVERSATION, format.replyPriming());
        tools.ifPresent(t -> add(by, TokenCategory.TOOL_SCHEMAS, schemas(t, estimates)));
        int total = by.values().stream().mapToInt(Integer::intValue).sum();
        return new PromptCount(total, by, new ArrayList<>(estimates));
    }

    private static final TokenCategory[] CATEGORIES = TokenCategory.values();
    static final String REPLAYED_CALLS = "the API does not publish how tool calls in the history are counted";
    static final String LONG_TEXTS = "a text too long, or too long without a word break, to count whole is estimated from"
            + " parts of it";
    /** Enough for a playground's history and the variants its sliders make of it; cleared whole when full. */
    private static final int CACHE_LIMIT = 200_000;

    /**
     * Messages are counted once: a playground recounts the same ten thousand messages on every slider move, and
     * a growing history recounts its earlier messages with every new one. Keyed by value, so a strategy that
     * rebuilds an unchanged message still hits.
     */
    private final Map<PromptMessage, MessagePart> parts = new ConcurrentHashMap<>();

    /** One message's tokens by category ordinal, without the reply priming. */
    private record MessagePart(int[] tokens, boolean replayedCalls, boolean estimatedText) {
    }

    private MessagePart part(PromptMessage m) {
        // A bound costs less than hashing the message to look it up.
        MessagePart cached = tokenizer.isExact() ? parts.get(m) : null;
        if (cached != null) {
            return cached;
        }
        int[] by = new int[CATEGORIES.length];
        int framing = format.perMessage() + tokenizer.count(m.role());
        Tokenizer.Counted content = tokenizer.measure(m.content());
        int text = content.tokens();
        boolean estimated = !content.exact();
        if (!m.name().isEmpty()) {
            framing += tokenizer.count(m.name()) + format.perName();
        }
        if (!m.toolCallId().isEmpty()) {
            framing += tokenizer.count(m.toolCallId());
        }
        int calls = 0;
        for (ToolCall call : m.toolCalls()) {
            Tokenizer.Counted arguments = tokenizer.measure(call.rawArguments());
            calls += PER_TOOL_CALL + tokenizer.count(call.name()) + arguments.tokens();
            estimated |= !arguments.exact();
        }
        by[m.category().ordinal()] += framing + text;
        by[TokenCategory.TOOL_CALLS.ordinal()] += calls;
        MessagePart part = new MessagePart(by, !m.toolCalls().isEmpty(), estimated);
        if (!tokenizer.isExact()) {
            return part;
        }
        if (parts.size() >= CACHE_LIMIT) {
            parts.clear();
        }
        parts.put(m, part);
        return part;
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
