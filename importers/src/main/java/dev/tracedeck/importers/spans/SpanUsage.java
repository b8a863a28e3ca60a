package dev.tracedeck.importers.spans;

import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.recorded.TokenUsage;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a model-call span records about its call: the model (the GenAI conventions' {@code gen_ai.response.model},
 * else {@code gen_ai.request.model}; OpenInference's {@code llm.model_name}) and the tokens billed (the GenAI
 * conventions' {@code gen_ai.usage.input_tokens}/{@code output_tokens}, their older {@code prompt_tokens}/
 * {@code completion_tokens}; OpenInference's {@code llm.token_count.prompt}/{@code completion} and its cache
 * details). The conventions count cached tokens inside the input, as OpenAI does.
 */
final class SpanUsage {

    private static final List<String> MODEL = List.of("gen_ai.response.model", "gen_ai.request.model", "llm.model_name");
    private static final List<String> INPUT = List.of("gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens",
            "llm.token_count.prompt");
    private static final List<String> OUTPUT = List.of("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens",
            "llm.token_count.completion");
    private static final List<String> CACHE_READ = List.of("gen_ai.usage.cache_read.input_tokens",
            "gen_ai.usage.cache_read_input_tokens", "llm.token_count.prompt_details.cache_read");
    private static final List<String> CACHE_WRITE = List.of("gen_ai.usage.cache_creation.input_tokens",
            "gen_ai.usage.cache_creation_input_tokens", "llm.token_count.prompt_details.cache_write");

    private SpanUsage() {
    }

    static String model(SpanFileEntry.Span span) {
        if (span.facts().model().isPresent()) {
            return span.facts().model().get();
        }
        for (String key : MODEL) {
            String model = span.attribute(key).strip();
            if (!model.isEmpty()) {
                return model;
            }
        }
        return "";
    }

    static Optional<TokenUsage> usage(SpanFileEntry.Span span) {
        if (ranAnthropicServerTools(span)) {
            // Summed over the samplings of the API's own tool loop: no count says what one sampling read.
            return Optional.empty();
        }
        if (span.facts().usage().isPresent()) {
            return span.facts().usage();
        }
        OptionalLong input = count(span, INPUT);
        if (input.isEmpty()) {
            return Optional.empty();
        }
        long prompt = input.getAsLong();
        long read = Math.min(prompt, count(span, CACHE_READ).orElse(0));
        long write = Math.min(prompt - read, count(span, CACHE_WRITE).orElse(0));
        return Optional.of(new TokenUsage(prompt, read, write, count(span, OUTPUT).orElse(0)));
    }

    /**
     * True when the call's answer shows a server tool of Anthropic's run inside it, the model sampled again after its
     * result, so that the usage recorded is the sum over those samplings ({@code ProviderUsage#anthropicResponse}): an
     * Anthropic result block ({@code code_execution_tool_result}, {@code web_search_tool_result} … with its
     * {@code tool_use_id}) in the output a Langfuse generation keeps, or a GenAI {@code server_tool_call_response}
     * part in {@code gen_ai.output.messages} of a call the span says went to Anthropic.
     */
    private static boolean ranAnthropicServerTools(SpanFileEntry.Span span) {
        if (span.attributes().get("output").map(SpanUsage::holdsAnthropicServerResult).orElse(false)) {
            return true;
        }
        boolean anthropic = ANTHROPIC.stream().anyMatch(key -> span.attribute(key).strip().equalsIgnoreCase("anthropic"));
        Optional<JsonValue> output = span.attributes().get("gen_ai.output.messages");
        if (anthropic && output.isPresent() && output.get() instanceof JsonValue.JsonString text) {
            output = JsonValues.tryParse(text.value());
        }
        return anthropic && output.map(v -> holdsPart(v, "server_tool_call_response", 0)).orElse(false);
    }

    private static final List<String> ANTHROPIC = List.of("gen_ai.provider.name", "gen_ai.system", "llm.provider",
            "llm.system");

    private static boolean holdsAnthropicServerResult(JsonValue output) {
        return holdsPart(output, null, 0);
    }

    /**
     * Whether {@code value} holds, a few levels down (messages, their content or parts), an object of type
     * {@code type}; for a null type, an Anthropic server tool's result block.
     */
    private static boolean holdsPart(JsonValue value, String type, int depth) {
        if (depth > 4) {
            return false;
        }
        if (value instanceof JsonValue.JsonArray list) {
            return list.items().stream().anyMatch(v -> holdsPart(v, type, depth + 1));
        }
        if (!(value instanceof JsonValue.JsonObject object)) {
            return false;
        }
        String own = object.get("type").flatMap(JsonValue::asText).orElse("");
        boolean match = type != null ? own.equals(type)
                : own.endsWith("_tool_result") && !own.equals("tool_result") && object.get("tool_use_id").isPresent();
        return match || object.members().values().stream().anyMatch(v -> holdsPart(v, type, depth + 1));
    }

    /** The first of these attributes that holds a whole, non-negative number (as a number or as its digits). */
    private static OptionalLong count(SpanFileEntry.Span span, List<String> keys) {
        for (String key : keys) {
            Optional<JsonValue> v = span.attributes().get(key);
            BigDecimal n = null;
            if (v.isPresent() && v.get() instanceof JsonValue.JsonNumber number) {
                n = number.value();
            } else if (v.isPresent() && v.get() instanceof JsonValue.JsonString s && s.value().matches("\\d{1,18}")) {
                n = new BigDecimal(s.value());
            }
            if (n != null && n.signum() >= 0 && n.scale() <= 0 && n.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) < 0) {
                return OptionalLong.of(n.longValueExact());
            }
        }
        return OptionalLong.empty();
    }
}
