package dev.tracedeck.importers.langchain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.model.recorded.TokenUsage;
import java.util.List;
import java.util.Optional;

/**
 * The model call an AI message records: the model its integration names in {@code response_metadata}
 * ({@code model_name}; Anthropic's and Ollama's {@code model}; Bedrock's {@code model_id}) and the tokens billed.
 * The tokens come from {@code usage_metadata}, which langchain-core fills the same way for every provider
 * ({@code input_tokens} is the whole prompt, its {@code input_token_details.cache_read} and {@code cache_creation}
 * shares of it); messages written before it existed carry only the provider's own usage in
 * {@code response_metadata}: OpenAI's {@code token_usage} (cached tokens inside {@code prompt_tokens}) or
 * Anthropic's {@code usage} ({@code input_tokens} without the cache). An AI message with neither a model nor usage
 * (one written by hand into a prompt, a few-shot example) is no model call the trace shows.
 */
public final class LangChainModelCall {

    private static final List<String> MODEL_FIELDS = List.of("model_name", "model", "model_id");

    private LangChainModelCall() {
    }

    /** True when the message's fields name a model or record usage. */
    public static boolean shown(JsonNode fields) {
        return !model(fields).isEmpty() || usage(fields).isPresent();
    }

    /** The model the integration names, or "" for none. */
    public static String model(JsonNode fields) {
        JsonNode metadata = fields.path("response_metadata");
        for (String field : MODEL_FIELDS) {
            JsonNode v = metadata.path(field);
            if (v.isTextual() && !v.textValue().isBlank()) {
                return v.textValue();
            }
        }
        return "";
    }

    public static Optional<TokenUsage> usage(JsonNode fields) {
        JsonNode normalized = fields.path("usage_metadata");
        if (normalized.isObject() && isCount(normalized.get("input_tokens"))) {
            long prompt = normalized.get("input_tokens").longValue();
            JsonNode details = normalized.path("input_token_details");
            long read = Math.min(prompt, count(details, "cache_read"));
            long write = Math.min(prompt - read, count(details, "cache_creation"));
            return Optional.of(new TokenUsage(prompt, read, write, count(normalized, "output_tokens")));
        }
        JsonNode metadata = fields.path("response_metadata");
        JsonNode openAi = metadata.path("token_usage");
        if (openAi.isObject() && isCount(openAi.get("prompt_tokens"))) {
            return Optional.of(TokenUsage.openAi(openAi.get("prompt_tokens").longValue(),
                    count(openAi.path("prompt_tokens_details"), "cached_tokens"), count(openAi, "completion_tokens")));
        }
        JsonNode anthropic = metadata.path("usage");
        if (anthropic.isObject() && isCount(anthropic.get("input_tokens"))) {
            return Optional.of(TokenUsage.anthropic(anthropic.get("input_tokens").longValue(),
                    count(anthropic, "cache_creation_input_tokens"), count(anthropic, "cache_read_input_tokens"),
                    count(anthropic, "output_tokens")));
        }
        return Optional.empty();
    }

    private static boolean isCount(JsonNode v) {
        return v != null && v.canConvertToLong() && v.isIntegralNumber() && v.longValue() >= 0;
    }

    private static long count(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return isCount(v) ? v.longValue() : 0;
    }
}
