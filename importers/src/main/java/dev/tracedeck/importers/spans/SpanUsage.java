package dev.tracedeck.importers.spans;

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
